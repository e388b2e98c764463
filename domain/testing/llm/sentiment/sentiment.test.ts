import { describe, expect, it } from "vitest";
import { sentimentScore } from ".";
import { AFINN_TO_VADER, SPANISH_LEXICON } from "./vader-es";
import { packageCompound, vaderWords } from "./vader-en";

/** VADER's normalisation of a valence sum, rounded as its compound score is. */
const compound = (sum: number) => Math.round((sum / Math.sqrt(sum * sum + 15)) * 1e4) / 1e4;

const SAMPLE = "Hello Connor, I understand how frustrating this is. I have sorted it out for you and added a discount… Thank you for being a valued customer!";

/** Texts where VADER's split and rules have something to do: punctuation runs, capitals, "kind of", "but", "least", idioms, emoticons. */
const EDGE_CASES = [
  "VADER is very smart, handsome, and funny!!! :)",
  "The book was kind of good.",
  "At least it isn't a horrible book.",
  "Not BAD at all,,, but NOT great...",
  "“Great” (really) — it's 'not' bad?!?",
  "  double  spaces\tand\nnew lines!! wow",
  "Today SUX!",
  "Make sure you :) or :D today!",
  "It was never so good, never this bad.",
  "yeah right, the shit",
  "kinda nice, sort-of fine, least good, at least good, very least good",
  "I'm sorry, but I can't help with that request.",
  "!!!great!!! ??why?? -- well, okay.",
];

describe("sentiment", () => {
  it("reads the reassuring support reply as positive, in English and in Spanish", () => {
    expect(sentimentScore(SAMPLE, "en")).toBeGreaterThan(0.05);
    expect(sentimentScore("Hola María, entiendo que es frustrante. Ya lo solucioné y añadí un descuento a su próximo pedido como disculpa. ¡Gracias por confiar en nosotros!", "es")).toBeGreaterThan(0.05);
  });

  it("scores English exactly as the vader-sentiment package does, over VADER's edge cases", () => {
    for (const text of [SAMPLE, ...EDGE_CASES]) expect(sentimentScore(text, "en"), text).toBe(packageCompound(text));
  });

  it("splits words as VADER does: edge punctuation off known words, contractions and emoticons kept, one-letter tokens dropped", () => {
    expect(vaderWords("Hello, I can't wait!!! :) a")).toEqual(["Hello", "can't", "wait", ":)"]);
  });

  it("reads curly apostrophes as straight ones, so a negation written with one still negates", () => {
    expect(sentimentScore("I can’t help with that.", "en")).toBe(sentimentScore("I can't help with that.", "en"));
    expect(sentimentScore("I can’t help with that.", "en")).toBeLessThan(0);
  });

  it("applies VADER's rules to Spanish over the Spanish AFINN list, on VADER's scale", () => {
    const bueno = 3 * AFINN_TO_VADER;
    expect(SPANISH_LEXICON.get("bueno")).toBeCloseTo(bueno, 12);
    // buena → bueno, negated by "no" two words before: × −0.74.
    expect(sentimentScore("La candidata no es buena.", "es")).toBe(compound(bueno * -0.74));
    // muy boosts the word after it by VADER's 0.293.
    expect(sentimentScore("Es una persona muy buena.", "es")).toBe(compound(bueno + 0.293));
    // Before "pero" half, after it half again: excelente +3, malo −3.
    expect(sentimentScore("Es excelente pero malo.", "es")).toBe(compound(3 * AFINN_TO_VADER * 0.5 - 3 * AFINN_TO_VADER * 1.5));
    // A phrase of the list scores once; an exclamation mark adds VADER's 0.292.
    expect(sentimentScore("Por favor", "es")).toBe(compound(SPANISH_LEXICON.get("por favor")!));
    expect(sentimentScore("¡Es muy bueno!", "es")).toBe(compound(bueno + 0.293 + 0.292));
  });

  it("scores a text without valence words, or empty, as 0", () => {
    expect(sentimentScore("The meeting is on Tuesday.", "en")).toBe(0);
    expect(sentimentScore("La reunión es el martes.", "es")).toBe(0);
    expect(sentimentScore("", "es")).toBe(0);
  });
});
