import { and, eq, inArray } from "drizzle-orm";
import type { Content } from "pdfmake/interfaces";
import { QUESTIONS, SECTION_IDS, isQuestionApplicable, optionLabelKey, questionLabelKey, sectionLabelKey, type QuestionDefinition, type QuestionId } from "../../../../domain/risk";
import type { Db } from "../../../db/client";
import { vendors } from "../../../db/schema";
import type { Texts } from "../../../i18n/texts";
import { dataTable, subheading } from "../../pdf/document";
import { section } from "../section";

/** An answer as the form shows it: options and yes/no in words, a vendor by name, unanswered said so. */
export function answerText(question: QuestionDefinition, value: unknown, t: Texts, vendorNames: Map<string, string>): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0) || value === "") return t("risk.answers.unanswered");
  const id = question.id as QuestionId;
  switch (question.type) {
    case "bool":
      return t(value ? "risk.answers.yes" : "risk.answers.no");
    case "single":
      return t(optionLabelKey(id, String(value)));
    case "multi":
      return (value as string[]).map((v) => t(optionLabelKey(id, v))).join(", ");
    case "vendor":
      return vendorNames.get(String(value)) ?? String(value);
    default:
      return String(value);
  }
}

/** The names of the company's vendors the answers name (the foundation-model vendor). */
export async function answeredVendorNames(db: Db, companyId: string, details: Record<string, unknown>): Promise<Map<string, string>> {
  const ids = (QUESTIONS as readonly QuestionDefinition[]).filter((q) => q.type === "vendor").flatMap((q) => (typeof details[q.id] === "string" ? [details[q.id] as string] : []));
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(and(eq(vendors.companyId, companyId), inArray(vendors.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every question of the risk questionnaire with its answer, by the form's sections; questions not asked (their condition unmet) are left out. */
export const answersSection = section({
  title: "reports.dossier.sections.answers",
  load: ({ db, row }) => answeredVendorNames(db, row.companyId, row.details),
  render(vendorNames, { row, t }): Content[] {
    const details = row.details as Record<string, unknown>;
    return SECTION_IDS.flatMap((id) => {
      const asked = (QUESTIONS as readonly QuestionDefinition[]).filter((q) => q.section === id && isQuestionApplicable(q, details));
      return [
        subheading(t(sectionLabelKey(id))),
        dataTable(
          [t("reports.dossier.answers.question"), t("reports.dossier.answers.answer")],
          asked.map((q) => [t(questionLabelKey(q.id as QuestionId)), answerText(q, details[q.id], t, vendorNames)]),
          ["45%", "*"],
        ),
      ];
    });
  },
});
