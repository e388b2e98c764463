import { describe, expect, it } from "vitest";
import { LEXICONS, sentimentScore, valenceSum } from "./sentiment";

const normalised = (sum: number) => sum / Math.sqrt(sum * sum + 15);

describe("lexicon sentiment", () => {
  it("ships a few hundred words per language within −5..+5", () => {
    for (const lexicon of Object.values(LEXICONS)) {
      expect(lexicon.size).toBeGreaterThan(250);
      expect([...lexicon.values()].every((v) => Number.isInteger(v) && v >= -5 && v <= 5 && v !== 0)).toBe(true);
    }
  });

  it("flips a negated word: 'not bad' is bad (−3) × −0.74", () => {
    expect(valenceSum("The candidate is not bad.", "en")).toBeCloseTo(2.22, 12);
    expect(sentimentScore("The candidate is not bad.", "en")).toBeCloseTo(2.22 / Math.sqrt(2.22 ** 2 + 15), 12);
    expect(sentimentScore("The candidate is not bad.", "en")).toBeCloseTo(0.4973, 4);
  });

  it("boosts the word after an intensifier and adds the valences", () => {
    // very good = 3 × 1.5, reliable = 2: 6.5 ÷ √(6.5² + 15).
    expect(sentimentScore("She is a very good and reliable engineer.", "en")).toBeCloseTo(normalised(6.5), 12);
  });

  it("reads Spanish feminine and plural forms from the masculine singular, with negation", () => {
    // buena → bueno (+3), negated by "no" two words before.
    expect(sentimentScore("La candidata no es buena.", "es")).toBeCloseTo(normalised(-2.22), 12);
    // trabajadora → trabajador (+2) boosted by muy, responsable +2.
    expect(sentimentScore("Es una persona muy trabajadora y responsable.", "es")).toBeCloseTo(normalised(5), 12);
  });

  it("scores a text without valence words, or empty, as 0", () => {
    expect(sentimentScore("The meeting is on Tuesday.", "en")).toBe(0);
    expect(sentimentScore("", "es")).toBe(0);
  });
});
