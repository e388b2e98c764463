import type { FastifyRequest } from "fastify";
import { and, eq, lt } from "drizzle-orm";
import type { Import, ImportMapping, ImportMode, ImportRow } from "../../domain/entities/import";
import type { ImportEntity } from "../../domain/imports/fields";
import type { Db } from "../db/client";
import { imports } from "../db/schema";
import { languageOf, textsFor } from "../i18n/texts";
import { conflict, notFound } from "../plugins/problem";
import { checkApplicationRows } from "./check-applications";
import type { CheckedRow } from "./checked-row";
import { checkVendorRows } from "./check-vendors";
import { writeRows } from "./commit";
import { loadDirectory } from "./directory";
import type { ImportFile } from "./file";

export type ImportRecord = typeof imports.$inferSelect;

/** A preview nobody committed is dropped after this long. */
const PREVIEW_KEPT_MS = 24 * 60 * 60 * 1000;

/** Keeps an uploaded file's cells and mapping as a preview of its caller; their company's stale previews go. */
export async function createImport(db: Db, request: FastifyRequest, entity: ImportEntity, fileName: string, file: ImportFile, mapping: ImportMapping): Promise<ImportRecord> {
  const { companyId, id: actorId } = request.user;
  await db.delete(imports).where(and(eq(imports.companyId, companyId), eq(imports.status, "preview"), lt(imports.createdAt, new Date(Date.now() - PREVIEW_KEPT_MS))));
  const [row] = await db.insert(imports).values({ companyId, actorId, entity, fileName, header: file.header, cells: file.cells, mapping }).returning();
  return row;
}

/** The caller's own import (another user's, or another company's, does not exist for them). */
export async function findImport(db: Db, request: FastifyRequest, id: string): Promise<ImportRecord> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.companyId, request.user.companyId), eq(imports.actorId, request.user.id)));
  if (!row) throw notFound("Import");
  return row;
}

export async function changeMapping(db: Db, record: ImportRecord, mapping: ImportMapping): Promise<ImportRecord> {
  if (record.status === "committed") throw conflict("This import has been committed; upload the file again to import it anew.");
  const [row] = await db.update(imports).set({ mapping }).where(eq(imports.id, record.id)).returning();
  return row;
}

/** Every row checked now, against the records as they stand (a preview and a commit both check afresh). */
export async function checkRows(db: Db, request: FastifyRequest, record: ImportRecord): Promise<CheckedRow[]> {
  const directory = await loadDirectory(db, request.user.companyId);
  const t = textsFor(languageOf(request));
  const file = { header: record.header, cells: record.cells };
  return record.entity === "applications"
    ? checkApplicationRows(db, request, file, record.mapping, directory, t)
    : checkVendorRows(db, request, file, record.mapping, directory, t);
}

/**
 * Commits an import: with `all_or_nothing`, nothing unless every row is valid (409 naming each row's errors);
 * with `valid_rows`, the valid ones. One transaction either way.
 */
export async function commitImport(db: Db, request: FastifyRequest, record: ImportRecord, mode: ImportMode): Promise<ImportRecord> {
  if (record.status === "committed") throw conflict("This import has already been committed.");
  const rows = await checkRows(db, request, record);
  const invalid = rows.filter((r) => !r.write);
  if (mode === "all_or_nothing" && invalid.length) {
    throw conflict(
      `${invalid.length} of ${rows.length} rows cannot be imported, so nothing was imported. Correct them, or import the valid rows only.`,
      invalid.flatMap((r) => r.view.errors.map((e) => ({ path: `rows.${r.view.line}${e.field ? `.${e.field}` : ""}`, message: e.message }))),
    );
  }
  const outcome = await writeRows(db, request.user, record.entity, record.id, rows);
  const [row] = await db.update(imports).set({ status: "committed", mode, outcome, committedAt: new Date() }).where(eq(imports.id, record.id)).returning();
  return row;
}

/** The import as the API answers it: its columns, mapping and every row (checked now, or as committed). */
export function importView(record: ImportRecord, rows: ImportRow[]): Import {
  const valid = rows.filter((r) => r.action !== null);
  return {
    id: record.id,
    entity: record.entity,
    file_name: record.fileName,
    status: record.status,
    columns: record.header,
    mapping: record.mapping,
    rows,
    counts: {
      rows: rows.length,
      valid: valid.length,
      invalid: rows.length - valid.length,
      create: valid.filter((r) => r.action === "create").length,
      update: valid.filter((r) => r.action === "update").length,
    },
    mode: record.mode,
    created_at: record.createdAt.toISOString(),
    committed_at: record.committedAt?.toISOString() ?? null,
  };
}

/** The import's rows: as committed, or checked now. */
export async function currentRows(db: Db, request: FastifyRequest, record: ImportRecord): Promise<ImportRow[]> {
  return record.outcome ?? (await checkRows(db, request, record)).map((r) => r.view);
}
