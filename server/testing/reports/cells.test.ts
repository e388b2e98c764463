import { describe, expect, it } from "vitest";
import { neutralisedText, numberCell, plainDecimal } from "./cells";

describe("plainDecimal", () => {
  it.each([
    [0, "0"],
    [-0, "0"],
    [0.25, "0.25"],
    [0.5576923076923077, "0.5576923076923077"],
    [1.5e-12, "0.0000000000015"],
    [-2.5e-7, "-0.00000025"],
    [1e-7, "0.0000001"],
    [1.2345e21, "1234500000000000000000"],
    [3e21, "3000000000000000000000"],
    [123456, "123456"],
  ])("writes %s as %s, which reads back as the same number", (value, text) => {
    expect(plainDecimal(value)).toBe(text);
    expect(Number(plainDecimal(value))).toBe(value === 0 ? 0 : value);
  });
});

describe("neutralisedText", () => {
  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])("prefixes %j with an apostrophe", (text) => {
    expect(neutralisedText(text)).toBe(`'${text}`);
  });
  it.each(["Female", "Male × White", "", "1=1", " =x"])("leaves %j as it is", (text) => {
    expect(neutralisedText(text)).toBe(text);
  });
});

describe("numberCell", () => {
  it("empties null and values that are not finite, keeps the rest", () => {
    expect([numberCell(null), numberCell(undefined), numberCell(Number.NaN), numberCell(Infinity), numberCell(0), numberCell(0.8)]).toEqual([null, null, null, null, 0, 0.8]);
  });
});
