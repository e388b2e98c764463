import type { CompanyExport } from "../../domain/company/export-format";
import { HttpProblem } from "../plugins/problem";
import { documentKey } from "../storage/types";
import { columnsOf, EXPORTED_TABLES, primaryKeyOf, type ExportedColumn, type ExportedTable } from "./tables";

/**
 * An export's rows turned back into the values a table takes, checked on the way: every field is a column of
 * its table, every reference points at a row of the same export (so an import never links to another company's
 * records), and every role is one this installation knows. Bad input is a 400 naming the table and the field.
 */

const invalid = (detail: string) => new HttpProblem(400, `The export cannot be imported: ${detail}`);

/** The export's tables in import order, each with its rows; an unknown table is refused. */
export function exportedTables(doc: CompanyExport): Array<{ spec: ExportedTable; rows: Record<string, unknown>[] }> {
  const unknown = Object.keys(doc.tables).filter((name) => !EXPORTED_TABLES.some((t) => t.name === name));
  if (unknown.length > 0) throw invalid(`unknown table ${unknown.map((n) => `"${n}"`).join(", ")}.`);
  return EXPORTED_TABLES.map((spec) => ({ spec, rows: doc.tables[spec.name] ?? [] }));
}

/** The ids each table's rows have (the first column of its key), which references must point at. */
export function exportedIds(tables: ReturnType<typeof exportedTables>): Map<string, Set<unknown>> {
  const ids = new Map<string, Set<unknown>>();
  for (const { spec, rows } of tables) {
    const first = primaryKeyOf(spec.table)[0].name;
    const key = columnsOf(spec.table).find((c) => c.key === first)!;
    ids.set(spec.name, new Set(rows.map((r) => r[key.name])));
  }
  return ids;
}

export interface RowContext {
  companyId: string;
  roleIds: Map<string, string>;
  ids: Map<string, Set<unknown>>;
}

/** The fields an exported row of the table may hold. */
function fieldsOf(spec: ExportedTable, columns: ExportedColumn[]): Set<string> {
  const fields = new Set<string>();
  for (const c of columns) {
    if (c.references === "company" || c.generated || spec.omit?.includes(c.name)) continue;
    if (c.references === "role") fields.add(c.name.replace(/_id$/, ""));
    else if (spec.file?.key === "document" && c.name === spec.file.column) fields.add("file");
    else fields.add(c.name);
  }
  return fields;
}

/** One exported row as the values to insert (drizzle keys), checked. */
export function decodeRow(spec: ExportedTable, row: Record<string, unknown>, index: number, context: RowContext): Record<string, unknown> {
  const columns = columnsOf(spec.table);
  const where = `${spec.name}[${index}]`;
  const allowed = fieldsOf(spec, columns);
  const extra = Object.keys(row).filter((k) => !allowed.has(k));
  if (extra.length > 0) throw invalid(`${where} has unknown fields: ${extra.join(", ")}.`);
  const values: Record<string, unknown> = {};
  for (const c of columns) {
    if (c.generated || spec.omit?.includes(c.name)) continue;
    if (c.references === "company") {
      values[c.key] = context.companyId;
      continue;
    }
    if (c.references === "role") {
      const name = row[c.name.replace(/_id$/, "")];
      const id = typeof name === "string" ? context.roleIds.get(name) : undefined;
      if (!id) throw invalid(`${where}.role: "${String(name)}" is no role.`);
      values[c.key] = id;
      continue;
    }
    if (spec.file?.key === "document" && c.name === spec.file.column) {
      if (row.file !== null && row.file !== undefined && !isFileReference(row.file)) throw invalid(`${where}.file is neither null nor { sha256, size }.`);
      // A row with a file gets its storage key in the importing company, built from ids as every key is.
      values[c.key] = row.file === null || row.file === undefined ? null : fileKey(context.companyId, row, where);
      continue;
    }
    const value = row[c.name];
    if (c.references && value !== null && value !== undefined && !context.ids.get(c.references)?.has(value)) {
      throw invalid(`${where}.${c.name} refers to a record that is not in the export.`);
    }
    values[c.key] = c.column.columnType === "PgTimestamp" && value !== null && value !== undefined ? instant(value, `${where}.${c.name}`) : value;
  }
  return values;
}

function fileKey(companyId: string, row: Record<string, unknown>, where: string): string {
  try {
    return documentKey(companyId, String(row.application_id), String(row.id));
  } catch {
    throw invalid(`${where} has a file but no valid ids.`);
  }
}

function isFileReference(value: unknown): boolean {
  const file = value as { sha256?: unknown; size?: unknown };
  return (
    typeof value === "object" &&
    (file.sha256 === null || (typeof file.sha256 === "string" && /^[0-9a-f]{64}$/.test(file.sha256))) &&
    (file.size === null || (typeof file.size === "number" && Number.isInteger(file.size) && file.size >= 0))
  );
}

function instant(value: unknown, where: string): Date {
  const date = typeof value === "string" ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw invalid(`${where} is not a time.`);
  return date;
}
