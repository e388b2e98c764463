import { describe, expect, it } from "vitest";
import { LEVELS } from "../../../domain/risk/levels";
import { LEVEL_COLOURS, theme } from "../../theme";

/** WCAG 2's relative luminance and contrast ratio of two sRGB colours (#rgb or #rrggbb). */
function luminance(colour: string): number {
  const hex = colour.length === 4 ? `#${[...colour.slice(1)].map((c) => c + c).join("")}` : colour;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe("the palette of levels", () => {
  it("gives every level's name at least 4.5:1 against its fill (WCAG AA for small text)", () => {
    for (const level of LEVELS) expect(contrast(LEVEL_COLOURS[level].fill, LEVEL_COLOURS[level].text), level).toBeGreaterThanOrEqual(4.5);
  });

  it("gives no two levels the same colour", () => {
    expect(new Set(LEVELS.map((level) => LEVEL_COLOURS[level].fill.toLowerCase())).size).toBe(LEVELS.length);
  });

  it("keeps the theme's status colours readable as text on white and on the page's background", () => {
    for (const name of ["primary", "secondary", "error", "warning", "info", "success"] as const) {
      for (const background of ["#ffffff", theme.palette.background.default]) expect(contrast(theme.palette[name].main, background), `${name} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
