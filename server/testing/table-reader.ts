import { createHash } from "node:crypto";
import { pipeline, Transform, type Duplex, type Readable } from "node:stream";
import { finished } from "node:stream/promises";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { CSV, XLSX } from "../../domain/entities/document";
import { TESTING_ERRORS } from "../../domain/entities/testing-task";
import type { StoredFile } from "../storage/types";
import { unneutralised } from "../files/csv";
import { TestingFailure } from "./analyzer";
import { xlsxCellText } from "./xlsx-cells";

/** How much of the file the parser sees at first, to guess the delimiter and line ending from. */
const OPENING_BYTES = 64 * 1024;
/** The largest piece the parser is given at once. */
const PIECE_BYTES = 64 * 1024;

/** The content types a table can be read from: what the document check sniffed. */
export const TABLE_CONTENT_TYPES: readonly string[] = [CSV, XLSX];

/**
 * A table read from a stored CSV or .xlsx file, one row at a time: never the whole file in memory. Cells are text
 * (a number of a spreadsheet as its plain decimal text), each row as long as the header (a short spreadsheet row
 * padded with empty cells).
 */
export interface Table {
  /** The first row: the column names as the file spells them. */
  header: string[];
  /** A column's position by its header name; TestingFailure(columnMissing) naming it when the header lacks it. */
  columnIndex(column: string): number;
  /** The rows after the header, once: a second call reads nothing. Throws TestingFailure(unreadable) on a malformed file. */
  rows(): AsyncIterable<string[]>;
  /** The SHA-256 (hex) of the stored bytes; throws while they have not all been read (read rows() to its end first). */
  sha256(): string;
  /** Lets go of the file when the rows are not read to their end (a preview); harmless after. */
  close(): void;
}

/**
 * Opens a stored table and reads its header. The bytes are hashed as they stream past the parser, so the digest is
 * that of exactly what was analysed. A type other than CSV or .xlsx is a TestingFailure(documentType).
 */
export async function openTable(file: StoredFile, contentType: string): Promise<Table> {
  if (!TABLE_CONTENT_TYPES.includes(contentType)) throw new TestingFailure(TESTING_ERRORS.documentType);
  const hash = createHash("sha256");
  let digest: string | undefined;
  // The parser guesses the delimiter and line ending from its first chunk: it gets a sizeable one.
  let opening: Buffer[] | null = [];
  let openingBytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      if (opening) {
        opening.push(chunk);
        openingBytes += chunk.length;
        if (openingBytes < OPENING_BYTES) return done();
        chunk = Buffer.concat(opening);
        opening = null;
      }
      // In pieces of a bounded size: the parser turns a whole piece into rows at once, whatever the reader's pace.
      for (let at = 0; at < chunk.length; at += PIECE_BYTES) this.push(chunk.subarray(at, at + PIECE_BYTES));
      done();
    },
    flush(done) {
      digest = hash.digest("hex");
      if (opening?.length) {
        const rest = Buffer.concat(opening);
        for (let at = 0; at < rest.length; at += PIECE_BYTES) this.push(rest.subarray(at, at + PIECE_BYTES));
      }
      done();
    },
  });
  const source = await file.stream();
  // Storage failing mid-read is no fault of the file: that error is passed on as it is, not called unreadable.
  let storageError: unknown;
  source.once("error", (error) => (storageError = error));
  const unreadableOnError = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      if (storageError !== undefined) throw storageError;
      if (error instanceof TestingFailure) throw error;
      throw new TestingFailure(TESTING_ERRORS.unreadable);
    }
  };
  const records = contentType === CSV ? csvRecords(source, tap) : xlsxRecords(source, tap);
  const close = () => {
    source.destroy();
    tap.destroy();
    void records.return(undefined).catch(() => {});
  };

  const first = await unreadableOnError(() => records.next());
  const header = first.done ? [] : first.value.map((name, i) => (i === 0 ? name.replace(/^\uFEFF/, "") : name).trim());
  let taken = false;
  async function* rows(): AsyncGenerator<string[]> {
    if (taken || first.done) return;
    taken = true;
    let row = 0;
    try {
      while (true) {
        const next = await unreadableOnError(() => records.next());
        if (next.done) return;
        row++;
        yield shaped(next.value, header.length, contentType === CSV ? row : null);
      }
    } finally {
      // A reader that stops early (a preview) must not leave the file open.
      if (digest === undefined) close();
    }
  }
  return {
    header,
    columnIndex(column) {
      const index = header.indexOf(column);
      if (index < 0) throw new TestingFailure(TESTING_ERRORS.columnMissing, { column });
      return index;
    },
    rows,
    sha256() {
      if (digest === undefined) throw new Error("the table's digest is known once its rows have been read to the end");
      return digest;
    },
    close,
  };
}

/** A CSV record must have the header's number of fields (a shifted row would misattribute every cell after the break); spreadsheet rows are padded. */
function shaped(cells: string[], width: number, csvRow: number | null): string[] {
  // A cell Steward neutralised when it wrote the file (a prompt set given back with its responses) reads as written.
  for (let i = 0; i < cells.length; i++) cells[i] = unneutralised(cells[i]);
  if (cells.length === width) return cells;
  if (csvRow !== null) throw new TestingFailure(TESTING_ERRORS.unreadable, { row: csvRow });
  return cells.length > width ? cells.slice(0, width) : [...cells, ...Array<string>(width - cells.length).fill("")];
}

/** Rows held between the parser and the reader before the file is paused, and the level at which it resumes. */
const QUEUE_HIGH = 4096;
const QUEUE_LOW = 1024;

/**
 * CSV records through papaparse's Node stream (the delimiters the document check accepts; blank lines skipped).
 * Its rows are taken as they come and the file is paused while the reader lags, rather than letting the parser
 * push back: papaparse resumes from its own backpressure on a timer, which would cost milliseconds every few rows.
 */
async function* csvRecords(source: Readable, tap: Transform): AsyncGenerator<string[]> {
  const parser: Duplex = Papa.parse(Papa.NODE_STREAM_INPUT, { delimitersToGuess: [",", ";", "\t"], skipEmptyLines: "greedy" });
  const queue: string[][] = [];
  let ended = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  parser.on("data", (record: string[]) => {
    queue.push(record);
    if (queue.length >= QUEUE_HIGH) tap.pause();
    notify();
  });
  parser.on("end", () => {
    ended = true;
    notify();
  });
  // Decoded by the tap's readable side, so a character split between two chunks is never mangled.
  tap.setEncoding("utf8");
  pipeline(source, tap, parser, (error) => {
    if (error) failure = error;
    notify();
  });
  let next = 0;
  while (true) {
    if (next < queue.length) {
      yield queue[next++];
      if (next === queue.length || next >= QUEUE_HIGH) {
        queue.splice(0, next);
        next = 0;
        if (queue.length <= QUEUE_LOW && tap.isPaused()) tap.resume();
      }
      continue;
    }
    if (failure) throw failure;
    if (ended) return;
    await new Promise<void>((resolve) => (wake = resolve));
  }
}

/**
 * The rows of the workbook's first worksheet (its first tab), through exceljs's streaming reader. The other
 * worksheets are read past, so every byte goes through the hash and no temporary file is left open.
 */
async function* xlsxRecords(source: Readable, tap: Transform): AsyncGenerator<string[]> {
  pipeline(source, tap, () => {});
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(tap, { worksheets: "emit", sharedStrings: "cache", styles: "cache", hyperlinks: "ignore", entries: "ignore" });
  let found = false;
  for await (const worksheet of workbook) {
    const firstTab = (workbook as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets?.[0]?.name;
    const wanted = !found && (firstTab === undefined || (worksheet as unknown as { name?: string }).name === firstTab);
    for await (const row of worksheet) {
      if (!wanted) continue;
      const values = row.values as unknown[];
      const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => xlsxCellText(values[i + 1]));
      if (cells.some((cell) => cell.trim() !== "")) yield cells;
    }
    if (wanted) found = true;
  }
  // The zip reader may stop short of the file's end: let the rest flow past the hash, so the digest covers every byte.
  tap.unpipe();
  tap.resume();
  await finished(tap);
}
