import { describe, expect, it } from "vitest";
import { answersObject, choiceAnswerSchema, emptyAnswers } from "./answers";

const QUESTIONS = [
  { id: "hosted", type: "bool" },
  { id: "region", type: "single", options: ["eu", "us"] },
  { id: "certs", type: "multi", options: ["iso", "soc2"] },
] as const;

describe("questionnaire answers", () => {
  const schema = answersObject(QUESTIONS, choiceAnswerSchema, (a) => a.nullable().default(null));

  it("defaults omitted answers to null and keeps the given ones", () => {
    expect(schema.parse({ region: "eu" })).toEqual({ hosted: null, region: "eu", certs: null });
  });

  it("refuses an unknown question, an option outside the list and a repeated option, each by its path", () => {
    const result = schema.safeParse({ colour: "red", region: "mars", certs: ["iso", "iso"] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join(".")).sort()).toEqual(["certs", "colour", "region"]);
  });

  it("has no schema for a question that is no choice", () => {
    expect(() => choiceAnswerSchema({ id: "purpose", type: "text" })).toThrow(/purpose/);
  });

  it("starts with every question unanswered", () => {
    expect(emptyAnswers(QUESTIONS)).toEqual({ hosted: null, region: null, certs: null });
  });
});
