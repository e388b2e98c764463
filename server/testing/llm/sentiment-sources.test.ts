import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { sentimentScore } from "../../../domain/testing/llm";
import { packageCompound } from "../../../domain/testing/llm/sentiment/vader-en";
import { demoLlmResponses } from "../../db/seed/generate-demo-llm-responses";
import { llmExplanation } from "./explanation";

/** Where the sentiment analyser's lexicons come from, and that Steward scores as they do. */
describe("the sentiment analyser's sources", () => {
  it("scores every English text of the demo's responses exactly as the vader-sentiment package does", () => {
    const lines = demoLlmResponses().toString("utf8").split("\n");
    expect(lines.length).toBeGreaterThan(300);
    for (const text of lines) expect(sentimentScore(text, "en"), text).toBe(packageCompound(text));
  });

  it("ships natural 8.1.1's Spanish AFINN list unchanged", () => {
    const bytes = readFileSync(new URL("../../../domain/testing/llm/sentiment/afinn-es.json", import.meta.url));
    expect(createHash("sha256").update(bytes).digest("hex")).toBe("564b88ebdbf6c0e596cefd93900a41ce235c1d488a21608a394a6156cc6af3c4");
  });

  it("tells the explanation page each lexicon's size and package", () => {
    const vaderLines = readFileSync(createRequire(import.meta.url).resolve("vader-sentiment/vader_lexicon.txt"), "utf8").trim().split("\n").length;
    const { lexicon } = llmExplanation();
    expect(lexicon).toMatchObject({ analyser: "vader", words: { en: vaderLines, es: 879 } });
    expect(lexicon.sources.en).toEqual({ package: "vader-sentiment", version: "1.1.3", lexicon: "vader_lexicon.txt", entries: vaderLines });
    expect(lexicon.sources.es).toMatchObject({ package: "natural", version: "8.1.1", entries: 879 });
  });
});
