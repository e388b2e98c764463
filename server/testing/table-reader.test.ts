import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { CSV, PDF, XLSX } from "../../domain/entities/document";
import { TESTING_ERRORS } from "../../domain/entities/testing-task";
import type { StoredFile } from "../storage/types";
import { TestingFailure } from "./analyzer";
import { openTable } from "./table-reader";
import { plainDecimal } from "./xlsx-cells";

/** A stored file whose stream comes in pieces of `chunk` bytes (cutting characters and records anywhere). */
function stored(bytes: Buffer, chunk = bytes.length): StoredFile {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunk) pieces.push(bytes.subarray(at, at + chunk));
  return { size: bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length), stream: async () => Readable.from(pieces) };
}

async function readAll(bytes: Buffer, contentType: string, chunk?: number) {
  const table = await openTable(stored(bytes, chunk), contentType);
  const rows: string[][] = [];
  for await (const row of table.rows()) rows.push(row);
  return { header: table.header, rows, sha256: table.sha256() };
}

const digest = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function failure(promise: Promise<unknown>): Promise<TestingFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TestingFailure) return error;
    throw error;
  }
  throw new Error("expected a TestingFailure");
}

describe("CSV", () => {
  it("reads a header and its rows as text, whatever the delimiter, line ending, BOM, quoting or chunking", async () => {
    const text = '\uFEFFname;city;note\r\n"Müller, Jürgen";Zürich;"said ""hi""\r\nthen left"\r\n\r\nAna;São Paulo;\r\n';
    const bytes = Buffer.from(text);
    for (const chunk of [1, 3, 7, bytes.length]) {
      expect(await readAll(bytes, CSV, chunk)).toEqual({
        header: ["name", "city", "note"],
        rows: [
          ["Müller, Jürgen", "Zürich", 'said "hi"\r\nthen left'],
          ["Ana", "São Paulo", ""],
        ],
        sha256: digest(bytes),
      });
    }
  });

  it("refuses a record whose number of fields is not the header's, saying which", async () => {
    const bytes = Buffer.from("a,b\n1,2\n3,4,5\n6,7\n");
    const error = await failure(readAll(bytes, CSV));
    expect(error).toMatchObject({ key: TESTING_ERRORS.unreadable, params: { row: 2 } });
  });

  it("reads a large file in bounded pieces", async () => {
    const lines = ["id,value"];
    for (let i = 0; i < 100_000; i++) lines.push(`${i},${i % 7}`);
    const bytes = Buffer.from(lines.join("\n"));
    const { rows, sha256 } = await readAll(bytes, CSV);
    expect(rows.length).toBe(100_000);
    expect(rows[99_999]).toEqual(["99999", String(99_999 % 7)]);
    expect(sha256).toBe(digest(bytes));
  });

  it("lets go of a file read only in part, whose digest is then unknown", async () => {
    const bytes = Buffer.from(["a", ...Array.from({ length: 200_000 }, (_, i) => String(i))].join("\n"));
    const table = await openTable(stored(bytes, 16 * 1024), CSV);
    for await (const row of table.rows()) {
      expect(row).toEqual(["0"]);
      break;
    }
    expect(() => table.sha256()).toThrow();
    table.close();
  });

  it("passes a storage failure on as it is: the file is not to blame", async () => {
    const broken: StoredFile = {
      size: 0,
      read: async () => new Uint8Array(),
      stream: async () =>
        Readable.from(
          (async function* () {
            yield Buffer.from("a,b\n" + "1,2\n".repeat(40_000));
            throw Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
          })(),
        ),
    };
    const table = await openTable(broken, CSV);
    const reading = (async () => {
      for await (const row of table.rows()) void row;
    })();
    await expect(reading).rejects.toMatchObject({ code: "ECONNRESET" });
  });

  it("answers an empty file with no header and no rows", async () => {
    expect(await readAll(Buffer.alloc(0), CSV)).toMatchObject({ header: [], rows: [] });
  });
});

describe(".xlsx", () => {
  it("reads the first tab's cells as the text a person sees, padding short rows and skipping blank ones", async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet("Decisions");
    first.addRow(["name", "score", "when", "ok", "sum"]);
    first.addRow([{ richText: [{ text: "Ana " }, { text: "Lima" }] }, 0.0000001, new Date(Date.UTC(2026, 0, 2)), true, { formula: "1+1", result: 2 }]);
    first.addRow(["Bo", 12, new Date(Date.UTC(2026, 0, 2, 9, 30)), false]);
    first.addRow([]);
    first.addRow(["Cy"]);
    workbook.addWorksheet("Notes").addRow(["not", "read"]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await readAll(bytes, XLSX, 1000)).toEqual({
      header: ["name", "score", "when", "ok", "sum"],
      rows: [
        ["Ana Lima", "0.0000001", "2026-01-02", "TRUE", "2"],
        ["Bo", "12", "2026-01-02T09:30:00Z", "FALSE", ""],
        ["Cy", "", "", "", ""],
      ],
      sha256: digest(bytes),
    });
  });

  it("refuses bytes that are no workbook", async () => {
    expect(await failure(readAll(Buffer.from("PK not really a zip"), XLSX))).toMatchObject({ key: TESTING_ERRORS.unreadable });
  });
});

it("reads only tables", async () => {
  expect(await failure(openTable(stored(Buffer.from("%PDF-1.4")), PDF))).toMatchObject({ key: TESTING_ERRORS.documentType });
});

it("writes numbers as plain decimals", () => {
  expect([1e-7, 1.5e-10, 1e21, 1.25e22, -3e-7, 42, 0.1].map(plainDecimal)).toEqual(["0.0000001", "0.00000000015", "1000000000000000000000", "12500000000000000000000", "-0.0000003", "42", "0.1"]);
});
