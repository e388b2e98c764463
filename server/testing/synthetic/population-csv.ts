import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { csvRecord } from "../../files/csv";
import type { Population } from "../../../domain/entities/testing-task";
import { populationHeader, populationRows, type PopulationRow } from "./population";

const csvLine = csvRecord;

export const populationHeaderLine = (population: Population) => csvLine(populationHeader(population));

export const populationRowLine = (row: PopulationRow) => csvLine([row.row_id, row.twin_set, row.varied_attribute, ...row.features, ...row.protected]);

/** Lines are sent in chunks of about this size: few enough writes, never the whole file in memory. */
const CHUNK_CHARS = 64 * 1024;

/** The population as CSV text, header first, in chunks: the bytes of the download and of the provenance hash. */
export function* populationCsvChunks(population: Population): Generator<string> {
  let chunk = populationHeaderLine(population);
  for (const row of populationRows(population)) {
    chunk += populationRowLine(row);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** A stream of the population's CSV, generated as the client reads it. */
export const populationCsvStream = (population: Population): Readable => Readable.from(populationCsvChunks(population), { objectMode: false });

/** SHA-256 (hex) of the population's CSV bytes, as the download serves them. */
export function populationSha256(population: Population): string {
  const hash = createHash("sha256");
  for (const chunk of populationCsvChunks(population)) hash.update(chunk, "utf8");
  return hash.digest("hex");
}
