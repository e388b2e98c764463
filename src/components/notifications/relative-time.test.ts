import { describe, expect, it } from "vitest";
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
