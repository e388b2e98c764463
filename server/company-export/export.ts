import { eq } from "drizzle-orm";
import { COMPANY_EXPORT_FORMAT, COMPANY_EXPORT_VERSION, type ExportedFile } from "../../domain/company/export-format";
import type { Db } from "../db/client";
import { companies, companyLogos, roles } from "../db/schema";
import { storedFileSha256 } from "../storage/file-hash";
import type { Storage } from "../storage/types";
import { STEWARD_VERSION } from "../testing/version";
import { exportedChain } from "./audit-chain";
import { columnsOf, companyRows, EXPORTED_TABLES, type ExportedColumn, type ExportedTable } from "./tables";

/**
 * A company's records as one JSON document (domain/company/export-format.ts), written as it is read: the text
 * comes in chunks, a batch of rows at a time. Files are referenced by their SHA-256, computed from the stored
 * bytes as the document is written; `files` lists each once, and `onFile` hears of each (the .zip adds them).
 */
export async function* exportDocument(db: Db, storage: Storage, companyId: string, onFile: (file: ExportedFile & { source: FileSource }) => void): AsyncGenerator<string> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  const roleNames = new Map((await db.select().from(roles)).map((r) => [r.id, r.name]));
  const files = new Map<string, ExportedFile>();
  const addFile = (file: ExportedFile, source: FileSource) => {
    if (files.has(file.sha256)) return;
    files.set(file.sha256, file);
    onFile({ ...file, source });
  };

  yield `{"format":${JSON.stringify(COMPANY_EXPORT_FORMAT)},"format_version":${COMPANY_EXPORT_VERSION},"steward_version":${JSON.stringify(STEWARD_VERSION)},`;
  yield `"exported_at":${JSON.stringify(new Date().toISOString())},"company":${JSON.stringify(encodeRow(columnsOf(companies), company, roleNames))},"tables":{`;
  // The audit trail's length and head as written (rows in chain order), signed after the tables.
  let chain = { entries: 0, head: null as string | null };
  for (const [index, spec] of EXPORTED_TABLES.entries()) {
    yield `${index === 0 ? "" : ","}${JSON.stringify(spec.name)}:[`;
    const columns = columnsOf(spec.table);
    let first = true;
    for await (const rows of companyRows(db, spec, companyId)) {
      if (spec.name === "audit_log") chain = { entries: chain.entries + rows.length, head: rows[rows.length - 1].hash as string | null };
      const encoded: string[] = [];
      for (const row of rows) encoded.push(JSON.stringify(await exportedRow(spec, columns, row, roleNames, storage, addFile)));
      yield `${first ? "" : ","}${encoded.join(",")}`;
      first = false;
    }
    yield "]";
  }
  yield `},"audit_chain":${JSON.stringify(exportedChain(chain.entries, chain.head))},"files":${JSON.stringify([...files.values()])}}`;
}

/** Where a file's bytes are read from again for the .zip: storage, or the logo's row. */
export type FileSource = { storageKey: string } | { logoOf: string };

/** A row as the export writes it: its columns by database name, references to the company left out, roles by name. */
function encodeRow(columns: ExportedColumn[], row: Record<string, unknown>, roleNames: Map<string, string>, omit: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    if (c.references === "company" || omit.includes(c.name) || c.generated) continue;
    const value = row[c.key];
    if (c.references === "role") out[c.name.replace(/_id$/, "")] = roleNames.get(value as string) ?? null;
    else out[c.name] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

async function exportedRow(
  spec: ExportedTable,
  columns: ExportedColumn[],
  row: Record<string, unknown>,
  roleNames: Map<string, string>,
  storage: Storage,
  addFile: (file: ExportedFile, source: FileSource) => void,
): Promise<Record<string, unknown>> {
  const out = encodeRow(columns, row, roleNames, spec.omit);
  if (spec.file?.key === "logo") {
    const bytes = row.bytes as Buffer;
    addFile({ sha256: row.sha256 as string, size: bytes.length }, { logoOf: row.companyId as string });
  } else if (spec.file) {
    const key = row.storageKey as string | null;
    delete out.storage_key;
    out.file = key === null ? null : await storedFile(storage, key, addFile);
  }
  return out;
}

/** A stored file's hash and size (both null when nothing was uploaded under the key), listed once. */
async function storedFile(storage: Storage, key: string, addFile: (file: ExportedFile, source: FileSource) => void): Promise<{ sha256: string | null; size: number | null }> {
  const stored = await storedFileSha256(storage, key);
  if (!stored) return { sha256: null, size: null };
  addFile(stored, { storageKey: key });
  return stored;
}

/** The bytes of an exported file, read again when the .zip is written. */
export async function fileBytes(db: Db, storage: Storage, source: FileSource): Promise<Iterable<Uint8Array> | AsyncIterable<Uint8Array> | null> {
  if ("logoOf" in source) {
    const [logo] = await db.select({ bytes: companyLogos.bytes }).from(companyLogos).where(eq(companyLogos.companyId, source.logoOf));
    return logo ? [logo.bytes] : null;
  }
  const file = await storage.open(source.storageKey);
  return file ? ((await file.stream()) as AsyncIterable<Uint8Array>) : null;
}
