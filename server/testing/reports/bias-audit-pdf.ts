import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { RACE_ETHNICITY, SEX, SEX_RACE_ETHNICITY, type FairnessCategory, type FairnessGroup } from "../../../domain/entities/testing-task";
import { ALERT, HAIRLINES, MUTED } from "../../reports/pdf/document";
import { figures, type Figures } from "./figures";
import { renderPdf } from "./pdf-printer";
import type { ReportSubject } from "./report-subject";
import { categoryLabel, reportTexts, type ReportLanguage, type ReportText } from "./texts";

/** The categories the law names come first, in its order; any other attribute follows as the results list it. */
const LAW_ORDER: readonly string[] = [SEX, RACE_ETHNICITY, SEX_RACE_ETHNICITY];
const lawRank = (category: string) => (LAW_ORDER.includes(category) ? LAW_ORDER.indexOf(category) : LAW_ORDER.length);

/** A category with up to this many groups fits on a page: kept whole, so its heading never ends a page alone. */
const FITS_ON_A_PAGE = 30;


interface Writer {
  subject: ReportSubject;
  t: ReportText;
  f: Figures;
  /** "selection" for decisions, "scoring" for scores: the law's two kinds of rate. */
  rateKind: "selection" | "scoring";
}

const header = (texts: string[]): TableCell[] => texts.map((text) => ({ text, style: "tableHeader" }));

function factsTable({ subject, t, f, rateKind }: Writer): Content {
  const { task, results } = subject;
  const { provenance } = results;
  const synthetic = task.dataSource === "fairness_ml_synthetic";
  const population = provenance.population;
  const explanation = synthetic
    ? t("pdf.testExplanation", {
        size: f.count(population?.size ?? results.sample_size),
        seed: population?.seed ?? "",
        scoring: t(population?.scoring === "offline" ? "pdf.scoringOffline" : "pdf.scoringEndpoint"),
      })
    : task.documentName
      ? t("pdf.historicalExplanation", { document: `“${task.documentName}”`, without: f.count(provenance.rows_without_outcome) })
      : t("pdf.historicalExplanationNoFile", { without: f.count(provenance.rows_without_outcome) });
  const outcome =
    rateKind === "scoring" ? t("pdf.scoringRate", { median: results.median_score === undefined ? t("undefined") : f.number(results.median_score) }) : t("pdf.selectionRate");
  const rows: [string, string][] = [
    [t("pdf.employer"), subject.companyName],
    [t("pdf.tool"), subject.applicationName],
    ...(task.name ? [[t("pdf.test"), task.name] as [string, string]] : []),
    [t("pdf.auditDate"), f.date(task.finishedAt)],
    ...(subject.distributionDate ? [[t("pdf.distributionDate"), f.date(new Date(`${subject.distributionDate}T00:00:00Z`))] as [string, string]] : []),
    [t("pdf.dataSource"), t(synthetic ? "pdf.testData" : "pdf.historical")],
    [t("pdf.dataExplanation"), explanation],
    [t("pdf.outcome"), outcome],
    [t("pdf.assessed"), t("pdf.assessedValue", { count: f.count(results.sample_size) })],
    [t("pdf.ranBy"), t("pdf.ranByValue", { person: task.startedBy, version: provenance.steward_version, definitions: provenance.metric_definitions_version })],
    [t("pdf.fileHash"), provenance.input_sha256],
  ];
  return {
    table: { widths: [150, "*"], body: rows.map(([label, value]) => [{ text: label, bold: true }, { text: value }]) },
    layout: HAIRLINES,
    margin: [0, 0, 0, 6],
  };
}

function groupNote(group: FairnessGroup, mostSelected: string | null, t: ReportText): TableCell {
  const notes: { text: string; color?: string; bold?: boolean }[] = [];
  if (group.group === mostSelected) notes.push({ text: t("pdf.noteMostSelected") });
  if (group.excluded) notes.push({ text: t("pdf.noteExcluded"), color: MUTED });
  else if (group.small) notes.push({ text: t("pdf.noteSmall"), color: MUTED });
  if (group.adverse_impact) notes.push({ text: t("pdf.noteAdverse"), color: ALERT, bold: true });
  return notes.length ? { stack: notes } : { text: "" };
}

function categorySection(category: FairnessCategory, { subject, t, f, rateKind }: Writer): Content {
  const sample = subject.results.sample_size;
  const known = category.groups.reduce((sum, g) => sum + g.count, 0);
  const rateHeader = t(rateKind === "scoring" ? "pdf.colScoringRate" : "pdf.colSelectionRate");
  const body: TableCell[][] = [
    header([t("pdf.colGroup"), t("pdf.colCount"), t("pdf.colShare"), rateHeader, t("pdf.colImpactRatio"), t("pdf.colNote")]),
    ...category.groups.map((g): TableCell[] => {
      const muted = g.excluded ? { color: MUTED, italics: true } : {};
      return [
        { text: g.group, ...muted },
        { text: f.count(g.count), alignment: "right", ...muted },
        { text: f.percent(g.share), alignment: "right", ...muted },
        { text: f.percent(g.rate), alignment: "right", ...muted },
        { text: f.ratio(g.impact_ratio), alignment: "right", ...(g.adverse_impact ? { color: ALERT, bold: true } : muted) },
        groupNote(g, category.most_selected, t),
      ];
    }),
    [
      { text: t("pdf.unknownRow"), italics: true },
      { text: f.count(category.unknown), alignment: "right" },
      { text: f.percent(sample > 0 ? category.unknown / sample : null), alignment: "right" },
      { text: "—", alignment: "right" },
      { text: "—", alignment: "right" },
      { text: t("pdf.unknownNote"), color: MUTED },
    ],
  ];
  return {
    unbreakable: category.groups.length <= FITS_ON_A_PAGE,
    stack: [
      { text: categoryLabel(t, category.category), style: "heading" },
      {
        text: t("pdf.categoryIntro", { known: f.count(known), unknown: f.count(category.unknown), mostSelected: category.most_selected ?? t("pdf.noMostSelected") }),
        margin: [0, 0, 0, 4],
      },
      { table: { headerRows: 1, dontBreakRows: true, widths: ["*", 55, 60, 62, 55, 105], body }, layout: "lightHorizontalLines" },
    ],
  };
}

function excludedSection(categories: readonly FairnessCategory[], { t, f, rateKind }: Writer): Content {
  const excluded = categories.flatMap((c) => c.groups.filter((g) => g.excluded).map((g) => ({ category: c.category, group: g })));
  const rateHeader = t(rateKind === "scoring" ? "pdf.colScoringRate" : "pdf.colSelectionRate");
  return {
    stack: [
      { text: t("pdf.excludedTitle"), style: "heading" },
      excluded.length === 0
        ? { text: t("pdf.excludedNone") }
        : {
            table: {
              headerRows: 1,
              widths: ["*", "*", 55, 60, 62],
              body: [
                header([t("pdf.colCategory"), t("pdf.colGroup"), t("pdf.colCount"), t("pdf.colShare"), rateHeader]),
                ...excluded.map(({ category, group }): TableCell[] => [
                  { text: categoryLabel(t, category) },
                  { text: group.group },
                  { text: f.count(group.count), alignment: "right" },
                  { text: f.percent(group.share), alignment: "right" },
                  { text: f.percent(group.rate), alignment: "right" },
                ]),
              ],
            },
            layout: "lightHorizontalLines",
          },
    ],
  };
}

function counterfactualSection({ subject, t, f }: Writer): Content[] {
  const twins = subject.results.counterfactual;
  if (!twins?.length) return [];
  return [
    { text: t("pdf.counterfactualTitle"), style: "heading" },
    { text: t("pdf.counterfactualNote"), margin: [0, 0, 0, 4] },
    {
      table: {
        headerRows: 1,
        widths: ["*", 80, 80],
        body: [
          header([t("pdf.colAttribute"), t("pdf.colTwinSets"), t("pdf.colFlipRate")]),
          ...twins.map((c): TableCell[] => [
            { text: categoryLabel(t, c.attribute) },
            { text: f.count(c.twin_sets), alignment: "right" },
            { text: f.percent(c.flip_rate), alignment: "right" },
          ]),
        ],
      },
      layout: "lightHorizontalLines",
    },
  ];
}

/** The document: the audit's facts, how to read the figures, a table per category, the excluded groups. */
export function biasAuditDefinition(subject: ReportSubject, language: ReportLanguage): TDocumentDefinitions {
  const t = reportTexts(language);
  const writer: Writer = { subject, t, f: figures(language, t), rateKind: subject.results.outcome_type === "score" ? "scoring" : "selection" };
  const categories = [...subject.results.categories].sort((a, b) => lawRank(a.category) - lawRank(b.category));
  const rate = t(writer.rateKind === "scoring" ? "pdf.rateScoring" : "pdf.rateSelection");
  const version = subject.results.provenance.steward_version;
  return {
    pageSize: "LETTER",
    pageMargins: [48, 48, 48, 56],
    info: { title: `${t("pdf.title")} — ${subject.applicationName}`, author: subject.companyName, creator: `Steward ${version}`, subject: t("pdf.law") },
    defaultStyle: { font: "Roboto", fontSize: 9, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 12, margin: [0, 0, 0, 8] },
      heading: { fontSize: 12, bold: true, margin: [0, 14, 0, 4] },
      tableHeader: { bold: true, fillColor: "#eef1f4" },
      note: { color: MUTED, fontSize: 8 },
    },
    content: [
      { text: t("pdf.title"), style: "title" },
      { text: `${subject.applicationName} — ${subject.companyName}`, style: "subtitle" },
      { text: t("pdf.law"), margin: [0, 0, 0, 10] },
      { text: t("pdf.facts"), style: "heading" },
      factsTable(writer),
      { text: t("pdf.auditor"), style: "note" },
      { text: t("pdf.ratioTitle"), style: "heading" },
      { text: t("pdf.ratioNote", { rate }) },
      ...categories.map((category) => categorySection(category, writer)),
      excludedSection(categories, writer),
      ...counterfactualSection(writer),
    ],
    footer: (page, pages) => ({
      text: t("pdf.footer", { company: subject.companyName, tool: subject.applicationName, version, page, pages }),
      style: "note",
      alignment: "center",
      margin: [48, 20, 48, 0],
    }),
  };
}

/** The bias-audit summary as a PDF, in English or Spanish. */
export function biasAuditPdf(subject: ReportSubject, language: ReportLanguage): Promise<Buffer> {
  return renderPdf(biasAuditDefinition(subject, language));
}
