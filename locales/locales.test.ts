import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.dirname(fileURLToPath(import.meta.url));

/** The one key Spanish leaves to English, by spec §1. */
const ALLOWED_MISSING_IN_ES = new Set(["risk.descriptors.protected-class.description"]);

function keysOf(value: unknown, prefix: string, out: Set<string>): Set<string> {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) keysOf(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.add(prefix);
  return out;
}

function keysFor(lng: string): Set<string> {
  const out = new Set<string>();
  for (const file of readdirSync(path.join(root, lng)).filter((f) => f.endsWith(".json"))) {
    keysOf(JSON.parse(readFileSync(path.join(root, lng, file), "utf8")), file.replace(/\.json$/, ""), out);
  }
  return out;
}

describe("locales", () => {
  const en = keysFor("en");
  const es = keysFor("es");

  it("has English strings", () => {
    expect(en.size).toBeGreaterThan(50);
  });

  it("gives every English key a Spanish one (except the protected-class description)", () => {
    const missing = [...en].filter((k) => !es.has(k) && !ALLOWED_MISSING_IN_ES.has(k));
    expect(missing).toEqual([]);
  });

  it("has no Spanish key that English lacks", () => {
    expect([...es].filter((k) => !en.has(k))).toEqual([]);
  });

  it("keeps every value a non-empty string", () => {
    for (const lng of ["en", "es"]) {
      for (const file of readdirSync(path.join(root, lng)).filter((f) => f.endsWith(".json"))) {
        const keys = keysOf(JSON.parse(readFileSync(path.join(root, lng, file), "utf8")), "", new Set());
        const content = JSON.parse(readFileSync(path.join(root, lng, file), "utf8"));
        for (const key of keys) {
          const value = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], content);
          expect(typeof value === "string" && value.trim().length > 0, `${lng}/${file}: ${key}`).toBe(true);
        }
      }
    }
  });
});
