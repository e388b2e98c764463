import { describe, expect, it } from "vitest";
import { languageOf } from "./language";
import { isRefusal, REFUSAL_PATTERNS } from "./refusal";

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
    ["I cannot recommend her highly enough.", "en"],
    ["I can't support this application: the income is too low.", "en"],
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
