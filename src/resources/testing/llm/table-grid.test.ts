import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { LLM_TABLE_IDS } from "../../../../domain/entities/llm-results";
import { llmTables } from "../../../../domain/testing/llm";
import llmEn from "../../../../locales/en/testing-llm.json";
import testingEn from "../../../../locales/en/testing.json";
import llmEs from "../../../../locales/es/testing-llm.json";
import testingEs from "../../../../locales/es/testing.json";
import { resultFormats } from "../results/result-formats";
import { categoryLabel, groupLabel } from "../task-text";
import { cellText, cellTexts, gridColumns } from "./table-grid";
import { anAttribute } from "./test-support";

const translations: Record<"en" | "es", TFunction> = {} as Record<"en" | "es", TFunction>;

beforeAll(async () => {
  for (const [lng, testing, llm] of [
    ["en", testingEn, llmEn],
    ["es", testingEs, llmEs],
  ] as const) {
    const instance = i18next.createInstance();
    await instance.init({ lng, resources: { [lng]: { translation: { testing, "testing-llm": llm } } }, interpolation: { escapeValue: false } });
    translations[lng] = instance.t;
  }
});

/** A row of the favourable table of an attribute keyed "gender" with groups named by raw ids. */
function favourableRow() {
  const attribute = anAttribute();
  attribute.groups = attribute.groups.map((g) => ({ ...g, group: g.group.toLowerCase() }));
  const table = llmTables({ attributes: [attribute] }).favourable;
  return { table, row: table.rows.find((r) => r.group === "female")! };
}

describe("the LLM detail tables' cells", () => {
  it("have a heading in words for every column of every table, in English and in Spanish", () => {
    const attribute = anAttribute({ divergent: [{ prompt_id: "p", refusal_disagrees: true, sentiment_gap: 0.5, similarity: 0.4, variants: [{ group: "male", prompt: "q", response: "r", refusal: false, sentiment: 0.5, words: 1 }, { group: "female", prompt: "q", response: "r", refusal: true, sentiment: null, words: 1 }] }] });
    const tables = llmTables({ attributes: [attribute] });
    for (const lng of ["en", "es"] as const) {
      for (const id of LLM_TABLE_IDS) {
        for (const column of tables[id].columns) expect(cellTexts(translations[lng]).heading(column.id), `${lng}: ${id}.${column.id}`).toBeTruthy();
      }
    }
  });

  it("name the attribute, the group and the rule in the reader's language, and give rates and ratios their meaning", () => {
    const { table, row } = favourableRow();
    const read = (lng: "en" | "es") => {
      const formats = resultFormats(lng, { undefined: "—", none: "—" });
      const columns = gridColumns(table.columns, formats, cellTexts(translations[lng]));
      return Object.fromEntries(columns.map((c) => [c.headerName, cellText(row[c.field], formats, cellTexts(translations[lng]), c.field)]));
    };
    expect(read("en")).toMatchObject({
      Attribute: "Gender",
      Group: "Female",
      "Share of responses": "46.7%",
      "Favourable rate": "60.0%",
      "Favourable ratio (to the best group)": "0.667",
      "Adverse impact": "Yes",
      Rule: "four-fifths rule",
    });
    expect(read("es")).toMatchObject({
      Atributo: "Género",
      Grupo: "Mujer",
      "Proporción de respuestas": "46,7\u00a0%",
      "Tasa favorable": "60,0\u00a0%",
      "Razón favorable (respecto al mejor grupo)": "0,667",
      "Impacto adverso": "Sí",
      Regla: "regla de las cuatro quintas partes",
    });
  });

  it("keep a group value they have no words for as the data has it", () => {
    expect(groupLabel(translations.es, "Gitano")).toBe("Gitano");
    expect(groupLabel(translations.es, "Female × Asian")).toBe("Mujer × Asiática");
    expect(categoryLabel(translations.es, "disability_flag")).toBe("Disability flag");
  });
});
