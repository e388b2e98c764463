import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { RACE_ETHNICITY, SEX, SEX_RACE_ETHNICITY, type FairnessCategory } from "../../../domain/entities/testing-task";
import { MUTED } from "../../reports/pdf/document";
import { figures, type Figures } from "./figures";
import { renderPdf } from "./pdf-printer";
import type { ReportSubject } from "./report-subject";
import { excludedSection, figureCell, groupNameCell, groupNote, groupSection, noteTable, summaryDefinition, type NoteTexts } from "./summary-pdf";
import { categoryLabel, reportTexts, type ReportLanguage, type ReportText } from "./texts";

/** The categories the law names come first, in its order; any other attribute follows as the results list it. */
const LAW_ORDER: readonly string[] = [SEX, RACE_ETHNICITY, SEX_RACE_ETHNICITY];
const lawRank = (category: string) => (LAW_ORDER.includes(category) ? LAW_ORDER.indexOf(category) : LAW_ORDER.length);

interface Writer {
  subject: ReportSubject;
  t: ReportText;
  f: Figures;
  /** "selection" for decisions, "scoring" for scores: the law's two kinds of rate. */
  rateKind: "selection" | "scoring";
}

function facts({ subject, t, f, rateKind }: Writer): [string, string][] {
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
  return [
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
}

const noteTexts = (t: ReportText): NoteTexts => ({ reference: t("pdf.noteMostSelected"), excluded: t("pdf.noteExcluded"), small: t("pdf.noteSmall"), adverse: t("pdf.noteAdverse") });
const rateHeader = ({ t, rateKind }: Writer) => t(rateKind === "scoring" ? "pdf.colScoringRate" : "pdf.colSelectionRate");

function categorySection(category: FairnessCategory, writer: Writer): Content {
  const { subject, t, f } = writer;
  const sample = subject.results.sample_size;
  const known = category.groups.reduce((sum, g) => sum + g.count, 0);
  const rows: TableCell[][] = [
    ...category.groups.map((g): TableCell[] => [
      groupNameCell(g.group, g),
      figureCell(f.count(g.count), g),
      figureCell(f.percent(g.share), g),
      figureCell(f.percent(g.rate), g),
      figureCell(f.ratio(g.impact_ratio), g, true),
      groupNote(g, category.most_selected, noteTexts(t)),
    ]),
    [
      { text: t("pdf.unknownRow"), italics: true },
      { text: f.count(category.unknown), alignment: "right" },
      { text: f.percent(sample > 0 ? category.unknown / sample : null), alignment: "right" },
      { text: "—", alignment: "right" },
      { text: "—", alignment: "right" },
      { text: t("pdf.unknownNote"), color: MUTED },
    ],
  ];
  return groupSection({
    heading: categoryLabel(t, category.category),
    intro: t("pdf.categoryIntro", { known: f.count(known), unknown: f.count(category.unknown), mostSelected: category.most_selected ?? t("pdf.noMostSelected") }),
    header: [t("pdf.colGroup"), t("pdf.colCount"), t("pdf.colShare"), rateHeader(writer), t("pdf.colImpactRatio"), t("pdf.colNote")],
    widths: ["*", 55, 60, 62, 55, 105],
    rows,
  });
}

function excluded(categories: readonly FairnessCategory[], writer: Writer): Content {
  const { t, f } = writer;
  const groups = categories.flatMap((c) => c.groups.filter((g) => g.excluded).map((g) => ({ category: c.category, group: g })));
  return excludedSection({
    title: t("pdf.excludedTitle"),
    none: t("pdf.excludedNone"),
    header: [t("pdf.colCategory"), t("pdf.colGroup"), t("pdf.colCount"), t("pdf.colShare"), rateHeader(writer)],
    widths: ["*", "*", 55, 60, 62],
    rows: groups.map(({ category, group }): TableCell[] => [
      { text: categoryLabel(t, category) },
      { text: group.group },
      { text: f.count(group.count), alignment: "right" },
      { text: f.percent(group.share), alignment: "right" },
      { text: f.percent(group.rate), alignment: "right" },
    ]),
  });
}

function counterfactual({ subject, t, f }: Writer): Content[] {
  const twins = subject.results.counterfactual;
  if (!twins?.length) return [];
  return noteTable(
    t("pdf.counterfactualTitle"),
    t("pdf.counterfactualNote"),
    [t("pdf.colAttribute"), t("pdf.colTwinSets"), t("pdf.colFlipRate")],
    ["*", 80, 80],
    twins.map((c): TableCell[] => [{ text: categoryLabel(t, c.attribute) }, { text: f.count(c.twin_sets), alignment: "right" }, { text: f.percent(c.flip_rate), alignment: "right" }]),
  );
}

/** The NYC Local Law 144 summary: the audit's facts, how to read the figures, a table per category, the excluded groups. */
export function biasAuditDefinition(subject: ReportSubject, language: ReportLanguage): TDocumentDefinitions {
  const t = reportTexts(language);
  const writer: Writer = { subject, t, f: figures(language, t), rateKind: subject.results.outcome_type === "score" ? "scoring" : "selection" };
  const categories = [...subject.results.categories].sort((a, b) => lawRank(a.category) - lawRank(b.category));
  const rate = t(writer.rateKind === "scoring" ? "pdf.rateScoring" : "pdf.rateSelection");
  return summaryDefinition(t, "pdf", {
    application: subject.applicationName,
    company: subject.companyName,
    stewardVersion: subject.results.provenance.steward_version,
    facts: facts(writer),
    reading: { rate },
    sections: [...categories.map((category) => categorySection(category, writer)), excluded(categories, writer), ...counterfactual(writer)],
  });
}

/** The bias-audit summary as a PDF, in English or Spanish. */
export function biasAuditPdf(subject: ReportSubject, language: ReportLanguage): Promise<Buffer> {
  return renderPdf(biasAuditDefinition(subject, language));
}
