import type { PassThrough } from "node:stream";
import { setImmediate as turn, setTimeout as sleep } from "node:timers/promises";
import ExcelJS from "exceljs";
import { neutralisedText } from "../testing/reports/cells";
import type { Texts } from "../i18n/texts";
import type { ExportColumn } from "./columns";

/** Column widths by kind (characters): a streamed sheet is sized before its rows are known. */
const WIDTH: Record<ExportColumn<unknown>["kind"], number> = { text: 28, number: 12, date: 12, instant: 22 };
/** Dates are real dates, shown in ISO 8601 whatever the reader's locale. */
const FORMAT: Partial<Record<ExportColumn<unknown>["kind"], string>> = { date: "yyyy-mm-dd", instant: 'yyyy-mm-dd"T"hh:mm:ss"Z"' };

function cell(value: string | number | null, kind: ExportColumn<unknown>["kind"]): ExcelJS.CellValue {
  if (value === null) return null;
  if (typeof value === "number") return value;
  if (kind === "date") return new Date(`${value}T00:00:00Z`);
  if (kind === "instant") return new Date(value);
  return neutralisedText(value);
}

/** One sheet of a workbook: its title, its columns and its rows, batch after batch. */
export interface XlsxSheet<Item> {
  title: string;
  columns: readonly ExportColumn<Item>[];
  rows: AsyncIterable<Item[]>;
  /** Columns (by key) whose cells offer a list to pick from, from this row down (a template's data rows). */
  dropdowns?: { fromRow: number; lists: Record<string, readonly string[]> };
}

/** Rows a template's dropdowns reach. */
const DROPDOWN_ROWS = 5000;
/** Excel keeps a list typed into a validation under 256 characters, and parts it at commas. */
const fitsInList = (values: readonly string[]) => values.every((v) => !/[,"]/.test(v)) && values.join(",").length <= 250;

/**
 * Sheets as an .xlsx workbook, written to `out` as the rows come (exceljs's streaming writer: each row is
 * committed, so it leaves memory once zipped): header rows bold and frozen. After each batch it waits while
 * `out` holds more than it should, so a slow reader slows the reading of rows instead of letting the workbook
 * pile up in memory.
 */
export async function writeXlsx(out: PassThrough, sheets: readonly XlsxSheet<never>[], t: Texts, meta: { creator: string; created: Date }): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = meta.creator;
  workbook.created = meta.created;
  for (const { title, columns, rows, dropdowns } of sheets as readonly XlsxSheet<unknown>[]) {
    // A worksheet's name is at most 31 characters and takes none of : \ / ? * [ ].
    const sheet = workbook.addWorksheet(title.replace(/[:\\/?*[\]]/g, " ").slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = columns.map((c) => {
      const header = t(c.header);
      const format = FORMAT[c.kind];
      return { header, key: c.key, width: Math.max(WIDTH[c.kind], Math.min(40, header.length + 2)), ...(format && { style: { numFmt: format } }) };
    });
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const [key, values] of Object.entries(dropdowns?.lists ?? {})) {
      const column = sheet.getColumn(key).letter;
      if (!fitsInList(values)) continue;
      // The streaming writer keeps a sheet's validations (its types leave them out).
      (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations.add(`${column}${dropdowns!.fromRow}:${column}${DROPDOWN_ROWS}`, {
        type: "list",
        allowBlank: true,
        formulae: [`"${values.join(",")}"`],
      });
    }
    for await (const batch of rows) {
      for (const item of batch) sheet.addRow(columns.map((c) => cell(c.value(item, t), c.kind))).commit();
      await caughtUp(out);
    }
    sheet.commit();
  }
  await workbook.commit();
}

/** How often a writer waiting on a lagging reader looks again (the zip writer does not ask before writing). */
const RECHECK_MS = 10;

/**
 * Lets the zip writer work through what was added, then waits while `out` is full: the zip writer keeps
 * writing into it for as long as it can, so a full `out` means the reader lags and rows would pile up.
 */
async function caughtUp(out: PassThrough): Promise<void> {
  await turn();
  while (!out.destroyed && (out.writableNeedDrain || out.readableLength >= out.readableHighWaterMark)) {
    await sleep(RECHECK_MS);
  }
}
