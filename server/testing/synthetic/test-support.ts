import { createHash } from "node:crypto";
import Papa from "papaparse";
import { TESTING_ERRORS } from "../../../domain/entities/testing-task";
import type { StoredFile } from "../../storage/types";
import { TestingFailure } from "../analyzer";

/**
 * For tests only: a whole-file, CSV-only stand-in for the shared table reader with the same shape
 * (header, rows, SHA-256 of the stored bytes), used when that reader is not in the tree.
 */
export async function csvTableStandIn(file: StoredFile, contentType: string) {
  if (contentType !== "text/csv") throw new TestingFailure(TESTING_ERRORS.documentType);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.stream()) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const [header = [], ...rows] = Papa.parse<string[]>(bytes.toString("utf8"), { skipEmptyLines: true }).data;
  return {
    header: header.map((name) => name.trim()),
    async *rows() {
      yield* rows;
    },
    sha256: () => createHash("sha256").update(bytes).digest("hex"),
    close() {},
  };
}
