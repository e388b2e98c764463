import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { TableBlock } from "./results-table";

/** Widest a column grows to fit its text (characters). */
const MAX_WIDTH = 60;

/**
 * The results as an .xlsx workbook written straight to `stream` (exceljs's streaming writer: each sheet is
 * committed as it is written): a sheet per table, header row bold and frozen, figures as numbers, flags as booleans.
 */
export async function writeResultsXlsx(blocks: readonly TableBlock[], stream: Writable, meta: { creator: string; created: Date }): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = meta.creator;
  workbook.created = meta.created;
  for (const block of blocks) {
    const sheet = workbook.addWorksheet(block.title, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = block.header.map((header, index) => ({
      header,
      width: Math.min(MAX_WIDTH, Math.max(10, header.length + 2, ...block.rows.map((row) => String(row[index] ?? "").length + 2))),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    // Empty cells stay empty: an undefined figure must not read as 0.
    for (const row of block.rows) sheet.addRow(row.map((cell) => cell ?? undefined)).commit();
    sheet.commit();
  }
  await workbook.commit();
}
