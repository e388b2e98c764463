import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { ALERT, HAIRLINES, MUTED } from "../../reports/pdf/document";
import type { ReportText } from "./texts";

/**
 * The frame of the bias summaries of a test, ML decisions and LLM responses alike: a title naming the application
 * and the company, what the summary is (`<texts>.law`), the facts of the run (`<texts>.facts`, with who answers for
 * them: `<texts>.auditor`), how to read the figures (`<texts>.ratioTitle`, `<texts>.ratioNote`), the sections (a
 * table of groups per protected attribute, the groups left out of the comparison…) and a numbered footer.
 */
export interface SummaryDocument {
  application: string;
  company: string;
  stewardVersion: string;
  facts: [label: string, value: string][];
  /** The placeholders of the note on reading the figures. */
  reading?: Record<string, string>;
  sections: Content[];
}

/** A group of up to this many rows fits on a page: kept whole, so its heading never ends a page alone. */
const FITS_ON_A_PAGE = 30;

export const headerRow = (texts: string[]): TableCell[] => texts.map((text) => ({ text, style: "tableHeader" }));

function factsTable(rows: [string, string][]): Content {
  return {
    table: { widths: [150, "*"], body: rows.map(([label, value]) => [{ text: label, bold: true }, { text: value }]) },
    layout: HAIRLINES,
    margin: [0, 0, 0, 6],
  };
}

/** How a group was judged, whatever the test measured. */
export interface JudgedGroup {
  group: string;
  excluded: boolean;
  small: boolean;
  adverse_impact: boolean;
}

/** The words of a group's note: the reference group's, and why a group is excluded, small or flagged. */
export interface NoteTexts {
  reference: string;
  excluded: string;
  small: string;
  adverse: string;
}

export function groupNote(group: JudgedGroup, reference: string | null, texts: NoteTexts): TableCell {
  const notes: { text: string; color?: string; bold?: boolean }[] = [];
  if (group.group === reference) notes.push({ text: texts.reference });
  if (group.excluded) notes.push({ text: texts.excluded, color: MUTED });
  else if (group.small) notes.push({ text: texts.small, color: MUTED });
  if (group.adverse_impact) notes.push({ text: texts.adverse, color: ALERT, bold: true });
  return notes.length ? { stack: notes } : { text: "" };
}

/** A group's figure: greyed when the group is excluded, in the alert colour when it is the flagged ratio. */
export const figureCell = (text: string, group: JudgedGroup, flagged = false): TableCell => ({
  text,
  alignment: "right",
  ...(flagged && group.adverse_impact ? { color: ALERT, bold: true } : group.excluded ? { color: MUTED, italics: true } : {}),
});

export const groupNameCell = (text: string, group: JudgedGroup): TableCell => ({ text, ...(group.excluded ? { color: MUTED, italics: true } : {}) });

/** One protected attribute: its heading, a line saying who is in it, and the table of its groups. */
export function groupSection(section: { heading: string; intro: string; header: string[]; widths: (number | string)[]; rows: TableCell[][]; after?: Content[] }): Content {
  return {
    unbreakable: section.rows.length <= FITS_ON_A_PAGE,
    stack: [
      { text: section.heading, style: "heading" },
      { text: section.intro, margin: [0, 0, 0, 4] },
      { table: { headerRows: 1, dontBreakRows: true, widths: section.widths, body: [headerRow(section.header), ...section.rows] }, layout: "lightHorizontalLines" },
      ...(section.after ?? []),
    ],
  };
}

/** The groups left out of the comparison for being under 2% of the rows, with their figures (or a line saying there are none). */
export function excludedSection(section: { title: string; none: string; header: string[]; widths: (number | string)[]; rows: TableCell[][] }): Content {
  return {
    stack: [
      { text: section.title, style: "heading" },
      section.rows.length === 0
        ? { text: section.none }
        : { table: { headerRows: 1, widths: section.widths, body: [headerRow(section.header), ...section.rows] }, layout: "lightHorizontalLines" },
    ],
  };
}

/** A small table under a heading, with a note before it. */
export function noteTable(title: string, note: string, header: string[], widths: (number | string)[], rows: TableCell[][]): Content[] {
  return [
    { text: title, style: "heading" },
    { text: note, margin: [0, 0, 0, 4] },
    { table: { headerRows: 1, widths, body: [headerRow(header), ...rows] }, layout: "lightHorizontalLines" },
  ];
}

/** The summary under the texts `<texts>.…` of the reports' locales (`pdf` for the ML bias audit, `llmPdf` for LLM responses). */
export function summaryDefinition(t: ReportText, texts: string, doc: SummaryDocument): TDocumentDefinitions {
  const text = (key: string, params?: Record<string, string | number>) => t(`${texts}.${key}`, params);
  return {
    pageSize: "LETTER",
    pageMargins: [48, 48, 48, 56],
    info: { title: `${text("title")} — ${doc.application}`, author: doc.company, subject: text("law"), creator: `Steward ${doc.stewardVersion}` },
    defaultStyle: { font: "Roboto", fontSize: 9, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 12, margin: [0, 0, 0, 8] },
      heading: { fontSize: 12, bold: true, margin: [0, 14, 0, 4] },
      tableHeader: { bold: true, fillColor: "#eef1f4" },
      note: { color: MUTED, fontSize: 8 },
    },
    content: [
      { text: text("title"), style: "title" },
      { text: `${doc.application} — ${doc.company}`, style: "subtitle" },
      { text: text("law"), margin: [0, 0, 0, 10] },
      { text: text("facts"), style: "heading" },
      factsTable(doc.facts),
      { text: text("auditor"), style: "note" },
      { text: text("ratioTitle"), style: "heading" },
      { text: text("ratioNote", doc.reading) },
      ...doc.sections,
    ],
    footer: (page, pages) => ({
      text: text("footer", { company: doc.company, tool: doc.application, version: doc.stewardVersion, page, pages }),
      style: "note",
      alignment: "center",
      margin: [48, 20, 48, 0],
    }),
  };
}
