import type { Content, CustomTableLayout, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import type { Texts } from "../../i18n/texts";
import { renderPdf } from "../../testing/reports/pdf-printer";
import { STEWARD_VERSION } from "../../testing/version";

/**
 * The frame every Steward PDF report shares: a cover page (the company's logo and name, what the report is of,
 * when it was made and by which Steward), a table of contents, numbered pages, and a few table shapes.
 */

export const MUTED = "#5f6368";
export const ALERT = "#b3261e";

/** Hairlines between rows, none around the table or between columns. */
export const HAIRLINES: CustomTableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0 : 0.5),
  vLineWidth: () => 0,
  hLineColor: () => "#d0d4d9",
  paddingLeft: (i) => (i === 0 ? 0 : 8),
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/** The logo as the cover shows it: PNG or JPEG (the formats a PDF embeds); a WebP logo leaves the company's name alone. */
export interface Logo {
  contentType: string;
  bytes: Buffer;
}
const EMBEDDABLE = new Set(["image/png", "image/jpeg"]);

export interface ReportFrame {
  t: Texts;
  /** What the report is (“AI application dossier”) and of what (the application's name). */
  title: string;
  subject: string;
  companyName: string;
  logo: Logo | null;
  generatedAt: Date;
  /** Label–value lines under the title on the cover. */
  facts: [string, string][];
  /** A paragraph saying what the report holds. */
  intro: string;
  /** The chapters, each starting with a `chapter()` heading. */
  body: Content[];
}

/** An instant as a reader anywhere reads it the same: ISO 8601 day and time, in UTC, saying so. */
export const instant = (iso: string | Date): string => {
  const text = (typeof iso === "string" ? new Date(iso) : iso).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)} UTC`;
};

/** A chapter's heading: listed in the table of contents, never left alone at the foot of a page. */
export const chapter = (text: string): Content => ({ text, style: "chapter", tocItem: true, headlineLevel: 1 });
export const subheading = (text: string): Content => ({ text, style: "subheading", headlineLevel: 2 });
export const paragraph = (text: string, extra: Record<string, unknown> = {}): Content => ({ text, margin: [0, 0, 0, 6], ...extra });
export const muted = (text: string): Content => ({ text, color: MUTED, margin: [0, 0, 0, 6] });

/** Characters the embedded font lacks, and what stands for them (a missing glyph would print as nothing). */
const STAND_INS: Record<string, string> = { "→": "»" };
const MISSING_GLYPHS = new RegExp(`[${Object.keys(STAND_INS).join("")}]`, "g");

/** Text as the report's font can print it. */
export const printable = (text: string): string => text.replace(MISSING_GLYPHS, (c) => STAND_INS[c]);

/** Label–value rows. */
export function factsTable(rows: [string, string | Content][]): Content {
  return {
    table: { widths: [140, "*"], body: rows.map(([label, value]) => [{ text: label, bold: true }, typeof value === "string" ? { text: printable(value) } : value]) as TableCell[][] },
    layout: HAIRLINES,
    margin: [0, 0, 0, 8],
  };
}

/** A table with a header row repeated on every page it spans. */
export function dataTable(header: string[], rows: (string | Content)[][], widths: (number | string)[]): Content {
  return {
    table: {
      headerRows: 1,
      widths,
      body: [header.map((text) => ({ text, style: "tableHeader" })), ...rows.map((row) => row.map((cell) => (typeof cell === "string" ? { text: printable(cell) } : cell)))] as TableCell[][],
    },
    layout: HAIRLINES,
    margin: [0, 0, 0, 8],
  };
}

function cover(frame: ReportFrame): Content[] {
  const { t, logo } = frame;
  return [
    ...(logo && EMBEDDABLE.has(logo.contentType) ? [{ image: `data:${logo.contentType};base64,${logo.bytes.toString("base64")}`, fit: [160, 80], margin: [0, 0, 0, 16] } as Content] : []),
    { text: frame.companyName, style: "company" },
    { text: frame.title, style: "title", margin: [0, 120, 0, 4] },
    { text: frame.subject, style: "subject", margin: [0, 0, 0, 24] },
    factsTable([...frame.facts, [t("reports.pdf.generated"), instant(frame.generatedAt)], [t("reports.pdf.version"), `Steward ${STEWARD_VERSION}`]]),
    { text: frame.intro, color: MUTED, margin: [0, 12, 0, 0] },
  ];
}

/**
 * The report as a PDF. A logo the PDF library cannot read (a damaged file that still passed for an image) is
 * left out rather than costing the reader the report.
 */
export async function renderReport(frame: ReportFrame): Promise<Buffer> {
  try {
    return await renderPdf(reportDocument(frame));
  } catch (error) {
    if (!frame.logo) throw error;
    return renderPdf(reportDocument({ ...frame, logo: null }));
  }
}

/** The whole report: cover, contents, chapters; pages numbered after the cover. */
export function reportDocument(frame: ReportFrame): TDocumentDefinitions {
  const { t } = frame;
  return {
    info: { title: `${frame.title}: ${frame.subject}`, author: frame.companyName, subject: frame.title, creator: `Steward ${STEWARD_VERSION}`, producer: `Steward ${STEWARD_VERSION}`, creationDate: frame.generatedAt },
    language: t.language,
    pageSize: "A4",
    pageMargins: [48, 48, 48, 56],
    defaultStyle: { font: "Roboto", fontSize: 9.5, lineHeight: 1.2 },
    styles: {
      company: { fontSize: 12, bold: true, color: MUTED },
      title: { fontSize: 24, bold: true },
      subject: { fontSize: 16 },
      chapter: { fontSize: 15, bold: true, margin: [0, 16, 0, 8] },
      subheading: { fontSize: 11.5, bold: true, margin: [0, 10, 0, 4] },
      tableHeader: { bold: true, color: MUTED },
      tocTitle: { fontSize: 15, bold: true, margin: [0, 0, 0, 12] },
    },
    content: [
      ...cover(frame),
      { toc: { title: { text: t("reports.pdf.contents"), style: "tocTitle" } }, pageBreak: "before" },
      { text: "", pageBreak: "after" },
      ...frame.body,
    ],
    // A heading that would end a page moves to the next, with what follows it.
    pageBreakBefore: (node, nodes) => node.headlineLevel !== undefined && nodes.getFollowingNodesOnPage().length === 0,
    footer: (page, pages) =>
      page === 1
        ? { text: "" }
        : {
            columns: [
              { text: `${frame.subject} · ${frame.title}`, color: MUTED, fontSize: 8 },
              { text: t("reports.pdf.page", { page, pages }), alignment: "right", color: MUTED, fontSize: 8 },
            ],
            margin: [48, 20, 48, 0],
          },
  };
}
