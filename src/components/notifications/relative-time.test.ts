import { describe, expect, it } from "vitest";
import i18next from "i18next";
import en from "../../../locales/en/notifications.json";
import es from "../../../locales/es/notifications.json";
import { inAppPath, relativeTime } from "./relative-time";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("relativeTime", () => {
  it("says just now under an hour, then whole hours, then whole days", () => {
    expect(relativeTime(ago(0), NOW)).toEqual({ key: "justNow", count: 0 });
    expect(relativeTime(ago(59 * 60_000), NOW)).toEqual({ key: "justNow", count: 0 });
    expect(relativeTime(ago(60 * 60_000), NOW)).toEqual({ key: "hoursAgo", count: 1 });
    expect(relativeTime(ago(23.9 * 3_600_000), NOW)).toEqual({ key: "hoursAgo", count: 23 });
    expect(relativeTime(ago(24 * 3_600_000), NOW)).toEqual({ key: "daysAgo", count: 1 });
    expect(relativeTime(ago(9 * 86_400_000), NOW)).toEqual({ key: "daysAgo", count: 9 });
  });

  it("treats a clock slightly ahead as just now", () => {
    expect(relativeTime(new Date(NOW + 5000).toISOString(), NOW)).toEqual({ key: "justNow", count: 0 });
  });
});

describe("inAppPath", () => {
  it("keeps our own paths and URLs in the app, sends others to a new tab", () => {
    expect(inAppPath("/applications/detail/1?tab=comments", "https://steward.example")).toBe("/applications/detail/1?tab=comments");
    expect(inAppPath("https://steward.example/vendors#x", "https://steward.example")).toBe("/vendors#x");
    expect(inAppPath("https://elsewhere.example/a", "https://steward.example")).toBeNull();
    expect(inAppPath("//elsewhere.example/a", "https://steward.example")).toBeNull();
    expect(inAppPath("javascript:alert(1)", "https://steward.example")).toBeNull();
  });
});

describe("relative times in both languages", () => {
  const texts = async (lng: "en" | "es") => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng, resources: { [lng]: { translation: { notifications: lng === "en" ? en : es } } } });
    return (iso: string) => {
      const { key, count } = relativeTime(iso, NOW);
      return i18n.t(`notifications.time.${key}`, { count });
    };
  };

  it("says it in English, pluralised", async () => {
    const say = await texts("en");
    expect([ago(5 * 60_000), ago(3_600_000), ago(5 * 3_600_000), ago(86_400_000), ago(3 * 86_400_000)].map(say)).toEqual([
      "Just now",
      "1 hour ago",
      "5 hours ago",
      "1 day ago",
      "3 days ago",
    ]);
  });

  it("says it in Spanish, pluralised", async () => {
    const say = await texts("es");
    expect([ago(5 * 60_000), ago(3_600_000), ago(5 * 3_600_000), ago(86_400_000), ago(3 * 86_400_000)].map(say)).toEqual([
      "Ahora mismo",
      "Hace 1 hora",
      "Hace 5 horas",
      "Hace 1 día",
      "Hace 3 días",
    ]);
  });
});
