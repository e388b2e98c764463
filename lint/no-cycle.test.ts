import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The project's own config, on fixtures the main lint skips: a and b import each other (b only a type), c imports a.
describe("the no-cycle lint", () => {
  it("reports an import cycle closed by a type-only import, on both files, and nothing that only leans on it", async () => {
    const eslint = new ESLint({ ignore: false });
    const results = await eslint.lintFiles(["lint/fixtures/cycle/*.ts"]);
    const messages = Object.fromEntries(
      results.map((r) => [r.filePath.replace(/^.*\/lint\/fixtures\/cycle\//, ""), r.messages.map((m) => `${m.ruleId} ${m.line}: ${m.message}`)]),
    );
    expect(messages).toEqual({
      "a.ts": ["steward/no-cycle 1: Import cycle: lint/fixtures/cycle/a.ts → lint/fixtures/cycle/b.ts → lint/fixtures/cycle/a.ts"],
      "b.ts": ["steward/no-cycle 2: Import cycle: lint/fixtures/cycle/b.ts → lint/fixtures/cycle/a.ts → lint/fixtures/cycle/b.ts"],
      "c.ts": [],
    });
  });
});
