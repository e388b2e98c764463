import ExcelJS from "exceljs";
import Papa from "papaparse";
import { IMPORT_MAX_ROWS } from "../../domain/entities/import";
import { badRequest } from "../plugins/problem";
import { xlsxCellText } from "../testing/xlsx-cells";
import { sniffMimeType } from "../uploads/sniff";

/** A row whose first cell starts with this is a note (the template's allowed values), not a record. */
export const NOTE_MARK = "#";

/** A cell as typed: the apostrophe an export puts before text a spreadsheet would take for a formula comes off. */
const asTyped = (cell: string) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

export interface ImportFile {
  header: string[];
  /** The records, each as long as the header; blank rows and notes left out. */
  cells: string[][];
}

const unreadable = (detail: string, message: string) => badRequest(detail, [{ path: "file", message }]);

/**
 * The table of an uploaded CSV or .xlsx file (told apart by its bytes, not its name): the first row as the
 * header, then the records, at most IMPORT_MAX_ROWS of them. A file that is neither, or has no header, is refused.
 */
export async function readImportFile(bytes: Buffer): Promise<ImportFile> {
  const records = sniffMimeType(bytes, ["application/zip"]) ? await xlsxRecords(bytes) : csvRecords(bytes);
  const [first = [], ...rest] = records;
  const header = first.map((name, i) => (i === 0 ? name.replace(/^\uFEFF/, "") : name).trim());
  while (header.length && header[header.length - 1] === "") header.pop();
  if (header.length === 0 || header.some((h) => h === "")) throw unreadable("The first row must name every column.", "imports.errors.header");
  const repeated = header.find((h, i) => header.indexOf(h) !== i);
  if (repeated) throw badRequest(`Two columns are both called “${repeated}”.`, [{ path: "file", message: "imports.errors.repeatedColumn" }]);
  const cells = rest
    .filter((row) => row.some((cell) => cell.trim() !== "") && !row[0]?.trim().startsWith(NOTE_MARK))
    .map((row) => header.map((_, i) => asTyped((row[i] ?? "").trim())));
  if (cells.length === 0) throw unreadable("The file has a header but no rows.", "imports.errors.noRows");
  if (cells.length > IMPORT_MAX_ROWS) throw unreadable(`The file has ${cells.length} rows; an import takes at most ${IMPORT_MAX_ROWS}.`, "imports.errors.tooManyRows");
  return { header, cells };
}

/** A CSV file in UTF-8 (a byte-order mark is fine), its delimiter guessed among comma, semicolon and tab. */
function csvRecords(bytes: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw unreadable("The file is neither a CSV file in UTF-8 nor an .xlsx workbook.", "imports.errors.fileType");
  }
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [",", ";", "\t"], skipEmptyLines: "greedy" });
  const broken = parsed.errors.find((e) => e.type === "Quotes");
  if (broken) throw unreadable(`The CSV file is malformed near row ${(broken.row ?? 0) + 1}.`, "imports.errors.malformed");
  return parsed.data;
}

/** The first worksheet of an .xlsx workbook, each cell as the text a person sees in it. */
async function xlsxRecords(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable("The file is not a readable .xlsx workbook.", "imports.errors.fileType");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable("The workbook has no worksheet.", "imports.errors.noRows");
  const records: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[];
    records.push(Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => xlsxCellText(values[i + 1])));
  });
  return records;
}
