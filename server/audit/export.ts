import { PassThrough, Readable, type Writable } from "node:stream";
import ExcelJS from "exceljs";
import auditEn from "../../locales/en/audit.json";
import auditEs from "../../locales/es/audit.json";
import type { ExportFormat } from "../../domain/entities/audit";
import { CSV_BOM, csvRecord } from "../files/csv";
import { neutralisedText, type Cell } from "../testing/reports/cells";
import type { AuditRow } from "./chain";

/**
 * The audit log as a file: CSV or .xlsx, written while the rows are read, so the memory an export takes does not
 * grow with the log. Headers and actor types are in the reader's language, times in ISO 8601, JSON as text, and
 * text a spreadsheet would run as a formula is neutralised. The writers take a header and batches of cells, the
 * shape any list's export has; only the columns below are the audit log's own.
 */

const TEXTS = { en: auditEn, es: auditEs } as const;
export type ExportLanguage = keyof typeof TEXTS;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The columns of the export, in order: a header key of audit.columns and the cell of an entry. */
const COLUMNS: Array<[keyof typeof auditEn.columns, (row: AuditRow, texts: typeof auditEn) => Cell]> = [
  ["seq", (r) => r.seq],
  ["createdAt", (r) => r.createdAt.toISOString()],
  ["actorType", (r, texts) => texts.actorTypes[r.actorType]],
  ["actor", (r) => r.actorName],
  ["actorId", (r) => r.actorId],
  ["action", (r) => r.action],
  ["entityType", (r) => r.entityType],
  ["entityId", (r) => r.entityId],
  ["before", (r) => json(r.before)],
  ["after", (r) => json(r.after)],
  ["hash", (r) => r.hash],
];

export interface ExportTable {
  header: string[];
  batches: AsyncIterable<Cell[][]>;
}

/** The audit entries as an export table in the reader's language. */
export function auditTable(batches: AsyncIterable<AuditRow[]>, language: ExportLanguage): ExportTable {
  const texts = TEXTS[language];
  return {
    header: COLUMNS.map(([key]) => texts.columns[key]),
    batches: (async function* () {
      for await (const rows of batches) yield rows.map((row) => COLUMNS.map(([, cell]) => cell(row, texts)));
    })(),
  };
}

export const sheetName = (language: ExportLanguage) => TEXTS[language].export.sheet;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The file's content type and its bytes as a stream; `onError` hears of a failure once the answer has started. */
export function exportStream(format: ExportFormat, table: ExportTable, sheet: string, onError: (error: Error) => void): { contentType: string; stream: Readable } {
  if (format === "csv") return { contentType: CONTENT_TYPES.csv, stream: Readable.from(csvText(table)) };
  const stream = new PassThrough();
  writeXlsx(table, sheet, stream).catch((error: unknown) => {
    const failure = error instanceof Error ? error : new Error(String(error));
    onError(failure);
    stream.destroy(failure);
  });
  return { contentType: CONTENT_TYPES.xlsx, stream };
}

/** UTF-8 with a byte-order mark, CRLF line ends, one CSV writer for every file the server produces. */
async function* csvText(table: ExportTable): AsyncGenerator<string> {
  yield CSV_BOM + csvRecord(table.header);
  for await (const rows of table.batches) yield rows.map(csvRecord).join("");
}

/** exceljs's streaming writer: each row is committed (written out) as soon as it is added. */
async function writeXlsx(table: ExportTable, sheet: string, stream: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = "Steward";
  workbook.created = new Date();
  const worksheet = workbook.addWorksheet(sheet, { views: [{ state: "frozen", ySplit: 1 }] });
  worksheet.columns = table.header.map((header) => ({ header, width: Math.max(12, header.length + 2) }));
  worksheet.getRow(1).font = { bold: true };
  worksheet.getRow(1).commit();
  for await (const rows of table.batches) {
    for (const cells of rows) worksheet.addRow(cells.map((cell) => (cell === null ? undefined : typeof cell === "string" ? neutralisedText(cell) : cell))).commit();
  }
  worksheet.commit();
  await workbook.commit();
}
