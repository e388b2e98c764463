import { describe, expect, it } from "vitest";
import { flagBucket } from "./bucket";
import { evaluateFlag, evaluateTargeting } from "./evaluate";

const everyone = { enabled: true, roles: [], percentage: null };
const user = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("flag bucket", () => {
  it("is the same for a user and a flag every time", () => {
    const first = flagBucket("new-dashboard", user(7));
    for (let i = 0; i < 5; i++) expect(flagBucket("new-dashboard", user(7))).toBe(first);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(100);
  });

  it("spreads users evenly over the hundred buckets", () => {
    const counts = new Array<number>(10).fill(0);
    const users = 20_000;
    for (let n = 0; n < users; n++) counts[Math.floor(flagBucket("rollout", user(n)) / 10)]++;
    // Each tenth of the buckets gets about a tenth of the users.
    for (const count of counts) expect(Math.abs(count - users / 10)).toBeLessThan(users / 10 / 10);
  });

  it("puts a user in different buckets for different flags", () => {
    const buckets = new Set(Array.from({ length: 20 }, (_, i) => flagBucket(`flag-${i}`, user(1))));
    expect(buckets.size).toBeGreaterThan(10);
  });
});

describe("flag evaluation", () => {
  const admin = { userId: user(1), roles: ["Administrator"] };
  const reviewer = { userId: user(2), roles: ["ApplicationReviewer"] };

  it("answers false for a flag turned off, whatever its targeting", () => {
    expect(evaluateTargeting("x", { ...everyone, enabled: false, roles: ["Administrator"] }, admin)).toEqual({ value: false, reason: "DISABLED", variant: "off" });
  });

  it("answers true for everyone when nothing narrows it", () => {
    expect(evaluateTargeting("x", everyone, reviewer)).toEqual({ value: true, reason: "STATIC", variant: "on" });
  });

  it("is on only for the roles named", () => {
    const flag = { ...everyone, roles: ["Administrator" as const] };
    expect(evaluateTargeting("x", flag, admin)).toMatchObject({ value: true, reason: "TARGETING_MATCH" });
    expect(evaluateTargeting("x", flag, reviewer)).toMatchObject({ value: false, reason: "TARGETING_MATCH" });
    expect(evaluateTargeting("x", flag, { userId: user(3), roles: [] }).value).toBe(false);
  });

  it("is on for the share of users whose bucket is below the percentage", () => {
    const flag = { ...everyone, percentage: 30 };
    const on = Array.from({ length: 5000 }, (_, n) => evaluateTargeting("share", flag, { userId: user(n), roles: [] }).value).filter(Boolean).length;
    expect(on / 5000).toBeGreaterThan(0.27);
    expect(on / 5000).toBeLessThan(0.33);
    expect(evaluateTargeting("share", { ...everyone, percentage: 0 }, admin).value).toBe(false);
    expect(evaluateTargeting("share", { ...everyone, percentage: 100 }, admin).value).toBe(true);
  });

  it("gives a product flag its default while nothing is stored, and nothing for an unknown key", () => {
    expect(evaluateFlag("llm-testing", undefined, admin)).toEqual({ value: true, reason: "DEFAULT", variant: "on" });
    expect(evaluateFlag("no-such-flag", undefined, admin)).toBeUndefined();
    expect(evaluateFlag("llm-testing", { ...everyone, enabled: false }, admin)?.value).toBe(false);
  });
});
