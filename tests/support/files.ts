import { expect } from "vitest";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The rows of a CSV download (its byte-order mark dropped), header first. */
export function csvRows(body: string): string[][] {
  expect(body.startsWith("\uFEFF")).toBe(true);
  const parsed = Papa.parse<string[]>(body.slice(1), { delimiter: ",", skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** The cells of a workbook's first sheet, header first: text as text, dates as ISO 8601 instants. */
export async function xlsxRows(body: Buffer): Promise<{ name: string; rows: (string | number | null)[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: (string | number | null)[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: (string | number | null)[] = [];
    for (let i = 1; i <= sheet.columnCount; i++) {
      const value = row.getCell(i).value;
      cells.push(value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : typeof value === "number" ? value : String(value));
    }
    rows.push(cells);
  });
  return { name: sheet.name, rows };
}

/** A PDF's text, page after page (a form feed between pages), white space made single spaces, and the addresses it links to. */
export async function pdfText(body: Buffer): Promise<{ text: string; pages: number; links: string[] }> {
  const document = await getDocument({ data: new Uint8Array(body) }).promise;
  const parts: string[] = [];
  const links: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    for (const item of (await page.getTextContent()).items) if ("str" in item) parts.push(item.str);
    for (const annotation of (await page.getAnnotations()) as { subtype: string; url?: string }[]) if (annotation.subtype === "Link" && annotation.url) links.push(annotation.url);
    parts.push("\f");
  }
  const pages = document.numPages;
  await document.destroy();
  return { text: parts.join(" ").replace(/[ \t\n\r\u00a0\u202f]+/g, " "), pages, links };
}

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body of these parts (text in UTF-8). */
export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = "----steward-test-boundary";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`), Buffer.from(part.data), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
