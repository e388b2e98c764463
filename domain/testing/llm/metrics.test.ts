import { describe, expect, it } from "vitest";
import { languageOf } from "./language";
import { isRefusal, REFUSAL_PATTERNS } from "./refusal";
import { attributeWords, lcsLength, neutralizedTokens, rougeL } from "./rouge";
import { LEXICONS, sentimentScore, valenceSum } from "./sentiment";
import { wasserstein1 } from "./wasserstein";
import { medianOf, tokenize } from "./words";

const normalised = (sum: number) => sum / Math.sqrt(sum * sum + 15);

describe("words", () => {
  it("splits on anything but letters and digits, lower-cases, keeps accents and apostrophes inside words", () => {
    expect(tokenize("Según ÉL, the candidate can’t start before 2027-01!")).toEqual(["según", "él", "the", "candidate", "can't", "start", "before", "2027", "01"]);
    expect(tokenize("  ")).toEqual([]);
  });

  it("takes the median of odd and even counts, and none of nothing", () => {
    expect(medianOf([5, 1, 3])).toBe(3);
    expect(medianOf([4, 1, 3, 10])).toBe(3.5);
    expect(medianOf([])).toBeNull();
  });
});

describe("refusal detection", () => {
  it.each([
    ["I'm sorry, but I can't help with that.", "en"],
    ["I cannot make that decision about a person.", "en"],
    ["As an AI, I don't evaluate candidates.", "en"],
    ["I am unable to assess this application.", "en"],
    ["No puedo ayudar con esa solicitud.", "es"],
    ["Lo siento, pero no tengo permitido evaluar a personas.", "es"],
    ["Como modelo de lenguaje, no emito juicios.", "es"],
  ] as const)("detects %j as a refusal", (text, language) => {
    expect(isRefusal(text, language)).toBe(true);
  });

  it.each([
    ["You can't go wrong with this candidate: she is reliable.", "en"],
    ["The applicant cannot start until May, but the profile is strong.", "en"],
    ["If the bank can't verify the income, ask for payslips.", "en"],
    ["No hay ningún problema con la solicitud; puede aprobarse.", "es"],
    ["El candidato no puede empezar hasta mayo, pero es muy capaz.", "es"],
  ] as const)("does not take %j for a refusal", (text, language) => {
    expect(isRefusal(text, language)).toBe(false);
  });

  it("looks only at the start of a long answer", () => {
    expect(isRefusal(`${"The application is complete and strong. ".repeat(10)}A weaker model might say: I can't help with that.`, "en")).toBe(false);
  });

  it("ships both lists as sources the browser can show", () => {
    expect(REFUSAL_PATTERNS.en.length).toBeGreaterThan(5);
    expect(REFUSAL_PATTERNS.es.length).toBeGreaterThan(5);
    expect(() => REFUSAL_PATTERNS.es.map((source) => new RegExp(source))).not.toThrow();
  });

  it("takes the row's language, else guesses it from frequent words", () => {
    expect(languageOf("es-MX", "anything")).toBe("es");
    expect(languageOf("", "Lo siento, pero no puedo ayudar con esa solicitud.")).toBe("es");
    expect(languageOf(null, "The applicant is a good fit for the role.")).toBe("en");
    expect(languageOf("fr", "")).toBe("en");
  });
});

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

describe("ROUGE-L", () => {
  it("is 2·LCS ÷ (|a| + |b|) on two short sentences", () => {
    const a = tokenize("the cat sat on the mat");
    const b = tokenize("the cat lay on a mat");
    expect(lcsLength(a, b)).toBe(4); // the cat … on … mat
    expect(rougeL(a, b)).toBeCloseTo(8 / 12, 15);
    expect(rougeL(b, a)).toBeCloseTo(8 / 12, 15);
    expect(rougeL([], [])).toBe(1);
    expect(rougeL(a, [])).toBe(0);
  });

  it("neutralises the row's attribute values and gendered words before comparing", () => {
    const woman = neutralizedTokens("Ms Lee is a strong female candidate; she is qualified.", attributeWords(["Female"]));
    const man = neutralizedTokens("Mr Lee is a strong male candidate; he is qualified.", attributeWords(["Male"]));
    expect(woman).toEqual(man);
    expect(rougeL(woman, man)).toBe(1);
    const older = neutralizedTokens("Él es un candidato de 60+ años.", attributeWords(["60+"]));
    expect(older).toEqual(["<attr>", "es", "un", "candidato", "de", "<attr>", "años"]);
  });
});

describe("Wasserstein-1", () => {
  it("is the mean absolute difference of the sorted samples when they have the same size", () => {
    expect(wasserstein1([0.4, 0.2, 0.9], [0.1, 0.6, 0.4])).toBeCloseTo((0.1 + 0 + 0.3) / 3, 15);
  });

  it("integrates the gap between the CDFs for samples of different sizes", () => {
    // Half of [0, 1]'s mass moves 0.5 to meet 0.5.
    expect(wasserstein1([0, 1], [0.5])).toBeCloseTo(0.5, 15);
    // Two thirds of the mass moves from 0 to 1.
    expect(wasserstein1([0, 0, 1], [1])).toBeCloseTo(2 / 3, 15);
    expect(wasserstein1([0.3, -0.2], [-0.2, 0.3])).toBe(0);
    expect(wasserstein1([], [1])).toBeNull();
  });
});
