import type { Content } from "pdfmake/interfaces";
import { descriptorDescriptionKey, descriptorLabelKey, missingRequiredAnswers, questionLabelKey, ruleReasonKey, tierLabelKey, tierOutcomesKey, type RuleId } from "../../../../domain/risk";
import { dataTable, factsTable, muted, paragraph } from "../../pdf/document";
import { section } from "../section";

/** The tier, what it means, and every rule that fired (the tier's rule, the exemption, each descriptor rule), with the answers still missing. */
export const riskSection = section({
  title: "reports.dossier.sections.risk",
  load: async () => null,
  render(_data, { row, t }): Content[] {
    const tier = row.riskTier;
    const missing = missingRequiredAnswers(row.details);
    return [
      factsTable([
        [t("applications.fields.riskTier"), t(tierLabelKey(tier))],
        [t("reports.dossier.risk.meaning"), tier ? t(tierOutcomesKey(tier)) : t("reports.dossier.risk.notAssessed")],
        ...(tier ? [[t("reports.dossier.risk.checks"), t(`risk.tiers.${tier}.detailMetrics`)] as [string, string]] : []),
      ]),
      ...(missing.length ? [paragraph(t("reports.dossier.risk.missing", { questions: missing.map((q) => t(questionLabelKey(q))).join(", ") }))] : []),
      row.rulesFired.length
        ? dataTable(
            [t("reports.dossier.risk.rule"), t("reports.dossier.risk.reason")],
            row.rulesFired.map((id: RuleId) => [id, t(ruleReasonKey(id))]),
            [150, "*"],
          )
        : muted(t("reports.dossier.risk.noRules")),
    ];
  },
});

/** Each flagged risk descriptor, what it means for a reviewer, and the rules that flagged it. */
export const descriptorsSection = section({
  title: "reports.dossier.sections.descriptors",
  load: async () => null,
  render(_data, { row, t }): Content[] {
    if (row.riskDescriptors.length === 0) return [muted(t("applications.risk.noDescriptors"))];
    return [
      dataTable(
        [t("reports.dossier.descriptors.descriptor"), t("reports.dossier.descriptors.description"), t("reports.dossier.descriptors.flaggedBy")],
        row.riskDescriptors.map((d) => [{ text: t(descriptorLabelKey(d.key)), bold: true }, t(descriptorDescriptionKey(d.key)), d.rules.map((r) => `${r}: ${t(ruleReasonKey(r))}`).join("\n")]),
        [90, "*", 170],
      ),
    ];
  },
});
