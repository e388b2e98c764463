import { describe, expect, it } from "vitest";
import { categoryLabel, reportLanguage, reportTexts } from "./texts";

describe("reportLanguage", () => {
  it("takes the language asked for over the header", () => {
    expect(reportLanguage("es", "en-US,en;q=0.9")).toBe("es");
    expect(reportLanguage("en", "es-ES")).toBe("en");
  });

  it.each([
    ["es-MX,es;q=0.9,en;q=0.8", "es"],
    ["fr-FR,fr;q=0.9,es;q=0.5,en;q=0.4", "es"],
    ["en;q=0.3,es;q=0.7", "es"],
    ["de, en-GB;q=0.5", "en"],
    ["es;q=0, en", "en"],
    ["fr", "en"],
    ["", "en"],
    [undefined, "en"],
  ])("reads Accept-Language %j as %s", (header, language) => {
    expect(reportLanguage(undefined, header)).toBe(language);
  });
});

describe("reportTexts", () => {
  it("fills placeholders and speaks both languages", () => {
    expect(reportTexts("en")("pdf.assessedValue", { count: "1,000" })).toBe("1,000 individuals with an outcome");
    expect(reportTexts("es")("pdf.assessedValue", { count: "1000" })).toBe("1000 personas con un resultado");
  });

  it("names the law's categories and any other attribute by its key", () => {
    const es = reportTexts("es");
    expect(categoryLabel(es, "race_ethnicity")).toBe("Raza/etnia");
    expect(categoryLabel(es, "age_band")).toBe("Otro atributo: age_band");
  });
});
