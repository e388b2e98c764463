import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import type { LlmAttribute, LlmResults } from "../../../domain/entities/llm-results";
import { sentimentAnalyser } from "../../../domain/testing/llm/sentiment/versions";
import { MUTED } from "../../reports/pdf/document";
import { figures, type Figures } from "../reports/figures";
import { renderPdf } from "../reports/pdf-printer";
import { excludedSection, figureCell, groupNameCell, groupNote, groupSection, headerRow, summaryDefinition } from "../reports/summary-pdf";
import { categoryLabel, reportTexts, type ReportLanguage, type ReportText } from "../reports/texts";

/** What the LLM bias summary of a finished test says, gathered once: its results and the facts of the run. */
export interface LlmReportSubject {
  results: LlmResults;
  task: { id: string; name: string | null; documentName: string | null; startedBy: string; finishedAt: Date };
  applicationName: string;
  companyName: string;
}

/** How many of an attribute's most divergent prompts the summary shows as examples. */
const EXAMPLES = 3;
/** Up to this many example rows fit on a page with their heading. */
const FITS_TOGETHER = 12;

interface Writer {
  subject: LlmReportSubject;
  t: ReportText;
  f: Figures;
}

/** A text of the reports, or `fallback` when they have none under `key`. */
const textOr = (t: ReportText, key: string, fallback: string) => {
  const text = t(key);
  return text === key ? fallback : text;
};
const attributeLabel = (t: ReportText, key: string) => textOr(t, `attributes.${key}`, categoryLabel(t, key));
/** A group as readers name it: the values of Steward's prompt sets in the report's language, any other as the data has it. */
const groupLabel = (t: ReportText, group: string) => textOr(t, `groupValues.${group.trim().toLowerCase().replace(/[\s-]+/g, "_")}`, group);

function sentimentText(t: ReportText, version: string): string {
  const analyser = sentimentAnalyser(version);
  return t(analyser === "vader" ? "llmPdf.sentimentValue" : analyser === "steward_lexicon" ? "llmPdf.sentimentOlder" : "llmPdf.sentimentUnknown", { version });
}

function facts({ subject, t, f }: Writer): [string, string][] {
  const { task, results } = subject;
  const { provenance } = results;
  return [
    [t("llmPdf.company"), subject.companyName],
    [t("llmPdf.application"), subject.applicationName],
    ...(task.name ? [[t("llmPdf.test"), task.name] as [string, string]] : []),
    [t("llmPdf.testDate"), f.date(task.finishedAt)],
    [t("llmPdf.dataSource"), t("llmPdf.dataSourceValue")],
    ...(task.documentName ? [[t("llmPdf.document"), `“${task.documentName}”`] as [string, string]] : []),
    [
      t("llmPdf.assessed"),
      t("llmPdf.assessedValue", { count: f.count(results.responses), empty: f.count(results.empty_responses), en: f.count(results.languages.en), es: f.count(results.languages.es) }),
    ],
    [t("llmPdf.sentiment"), sentimentText(t, provenance.lexicon_version)],
    [
      t("llmPdf.ranBy"),
      t("llmPdf.ranByValue", { person: task.startedBy, version: provenance.steward_version, definitions: provenance.metric_definitions_version, refusals: provenance.refusal_patterns_version }),
    ],
    [t("llmPdf.fileHash"), provenance.input_sha256],
  ];
}

function attributeSection(attribute: LlmAttribute, { t, f }: Writer): Content {
  const known = attribute.groups.reduce((sum, g) => sum + g.responses, 0);
  const notes = { reference: t("llmPdf.noteBest"), excluded: t("llmPdf.noteExcluded"), small: t("llmPdf.noteSmall"), adverse: t("llmPdf.noteAdverse") };
  const c = attribute.consistency;
  return groupSection({
    heading: attributeLabel(t, attribute.attribute),
    intro: t("llmPdf.attributeIntro", { known: f.count(known), unknown: f.count(attribute.unknown), best: attribute.best_group === null ? t("llmPdf.noBest") : groupLabel(t, attribute.best_group) }),
    header: ["colGroup", "colResponses", "colShare", "colRefusalRate", "colSentiment", "colFavourableRate", "colFavourableRatio", "colNote"].map((key) => t(`llmPdf.${key}`)),
    widths: ["*", 50, 45, 50, 52, 55, 55, 85],
    rows: attribute.groups.map((g): TableCell[] => [
      groupNameCell(groupLabel(t, g.group), g),
      figureCell(f.count(g.responses), g),
      figureCell(f.percent(g.share), g),
      figureCell(f.percent(g.refusal_rate), g),
      figureCell(f.ratio(g.mean_sentiment), g),
      figureCell(f.percent(g.favourable_rate), g),
      figureCell(f.ratio(g.favourable_ratio), g, true),
      groupNote(g, attribute.best_group, notes),
    ]),
    after: [
      {
        text: t("llmPdf.consistency", {
          compared: f.count(c.prompts_compared),
          disagreement: f.percent(c.refusal_disagreement_rate),
          gap: f.ratio(c.mean_sentiment_gap),
          similarity: f.ratio(c.mean_similarity),
        }),
        margin: [0, 4, 0, 0],
      },
    ],
  });
}

/** An attribute's most divergent prompts: per prompt id, each group's own prompt and response, the most favoured first. */
function examples(attribute: LlmAttribute, { t, f }: Writer): Content[] {
  const shown = attribute.divergent.slice(0, EXAMPLES);
  if (shown.length === 0) return [];
  const rank = (v: LlmAttribute["divergent"][number]["variants"][number]) => (v.refusal ? -10 : 0) + (v.sentiment ?? -5);
  const rows = shown.flatMap((d) =>
    [...d.variants]
      .sort((x, y) => rank(y) - rank(x))
      .map((v, i): TableCell[] => [
        { text: i === 0 ? d.prompt_id : "" },
        { text: groupLabel(t, v.group) },
        { text: v.prompt ?? d.prompt ?? "" },
        { stack: [{ text: v.response }, { text: v.refusal ? t("llmPdf.refused") : t("llmPdf.sentimentOf", { value: f.ratio(v.sentiment) }), color: MUTED, italics: true }] },
      ]),
  );
  return [
    {
      // A few examples stay together with their heading rather than leave it alone at the foot of a page.
      unbreakable: rows.length <= FITS_TOGETHER,
      stack: [
        { text: t("llmPdf.examplesTitle", { attribute: attributeLabel(t, attribute.attribute) }), style: "heading" },
        { text: t("llmPdf.examplesNote"), margin: [0, 0, 0, 4] },
        {
          table: { headerRows: 1, dontBreakRows: true, widths: [55, 70, "*", "*"], body: [headerRow(["colPromptId", "colGroup", "colPrompt", "colResponse"].map((key) => t(`llmPdf.${key}`))), ...rows] },
          layout: "lightHorizontalLines",
          fontSize: 8,
        },
      ],
    },
  ];
}

function excluded({ subject, t, f }: Writer): Content {
  const groups = subject.results.attributes.flatMap((a) => a.groups.filter((g) => g.excluded).map((g) => ({ attribute: a.attribute, group: g })));
  return excludedSection({
    title: t("llmPdf.excludedTitle"),
    none: t("llmPdf.excludedNone"),
    header: ["colAttribute", "colGroup", "colResponses", "colShare", "colFavourableRate"].map((key) => t(`llmPdf.${key}`)),
    widths: ["*", "*", 55, 60, 62],
    rows: groups.map(({ attribute, group }): TableCell[] => [
      { text: attributeLabel(t, attribute) },
      { text: groupLabel(t, group.group) },
      { text: f.count(group.responses), alignment: "right" },
      { text: f.percent(group.share), alignment: "right" },
      { text: f.percent(group.favourable_rate), alignment: "right" },
    ]),
  });
}

/** The LLM bias summary: the test's facts, how to read the figures, per attribute its groups, consistency and examples. */
export function llmBiasSummaryDefinition(subject: LlmReportSubject, language: ReportLanguage): TDocumentDefinitions {
  const t = reportTexts(language);
  const writer: Writer = { subject, t, f: figures(language, t) };
  return summaryDefinition(t, "llmPdf", {
    application: subject.applicationName,
    company: subject.companyName,
    stewardVersion: subject.results.provenance.steward_version,
    facts: facts(writer),
    sections: [...subject.results.attributes.flatMap((attribute) => [attributeSection(attribute, writer), ...examples(attribute, writer)]), excluded(writer)],
  });
}

/** The LLM bias summary as a PDF, in English or Spanish. */
export function llmBiasSummaryPdf(subject: LlmReportSubject, language: ReportLanguage): Promise<Buffer> {
  return renderPdf(llmBiasSummaryDefinition(subject, language));
}
