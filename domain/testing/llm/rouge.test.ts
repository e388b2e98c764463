import { describe, expect, it } from "vitest";
import { attributeWords, lcsLength, neutralizedTokens, rougeL } from "./rouge";
import { tokenize } from "./words";

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

  it("agrees with the textbook dynamic programme on sequences longer than one machine word", () => {
    const textbook = (a: number[], b: number[]) => {
      const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
      for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
      return table[a.length]![b.length]!;
    };
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 6;
    for (const [m, n] of [[1, 1], [31, 33], [32, 32], [33, 70], [64, 65], [100, 40], [97, 150]] as const) {
      const a = Array.from({ length: m }, next);
      const b = Array.from({ length: n }, next);
      expect(lcsLength(a, b)).toBe(textbook(a, b));
      expect(lcsLength(Int32Array.from(b), Int32Array.from(a))).toBe(textbook(a, b));
    }
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
