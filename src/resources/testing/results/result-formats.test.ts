import { describe, expect, it } from "vitest";
import { resultFormats } from "./result-formats";

const TEXTS = { undefined: "undefined", none: "—" };

describe("the results' numbers", () => {
  it("writes rates as percentages and ratios to 3 decimals in the reader's language", () => {
    const en = resultFormats("en", TEXTS);
    const es = resultFormats("es", { undefined: "indefinido", none: "—" });
    expect([en.percent(0.4231), en.ratio(0.81234), en.count(12345)]).toEqual(["42.3%", "0.812", "12,345"]);
    expect([es.percent(0.4231), es.ratio(0.81234), es.count(12345)]).toEqual(["42,3\u00a0%", "0,812", "12.345"]);
  });

  it("writes a ratio that cannot be computed as undefined, never NaN", () => {
    const en = resultFormats("en", TEXTS);
    expect([en.ratio(null), en.ratio(Number.NaN), en.ratio(Number.POSITIVE_INFINITY)]).toEqual(["undefined", "undefined", "undefined"]);
    expect(resultFormats("es", { undefined: "indefinido", none: "—" }).ratio(null)).toBe("indefinido");
  });

  it("writes small p-values in scientific notation and the rest to 3 decimals", () => {
    const en = resultFormats("en", TEXTS);
    expect(en.pValue(0.0412)).toBe("0.041");
    expect(en.pValue(0.001)).toBe("0.001");
    expect(en.pValue(0.000999)).toBe("1 × 10⁻³");
    expect(en.pValue(0.0000123)).toBe("1.2 × 10⁻⁵");
    expect(en.pValue(3.4e-120)).toBe("3.4 × 10⁻¹²⁰");
    expect(resultFormats("es", TEXTS).pValue(0.0000123)).toBe("1,2 × 10⁻⁵");
    expect([en.pValue(0), en.pValue(null)]).toEqual(["0", "—"]);
  });
});
