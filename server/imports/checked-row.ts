import type { z } from "zod";
import type { ApplicationUpdate } from "../../domain/entities/application";
import type { ImportRow, ImportRowError } from "../../domain/entities/import";
import type { vendorCreateSchema, vendorUpdateSchema } from "../../domain/entities/vendor";
import { IMPORT_FIELDS, type ImportEntity, type ImportField } from "../../domain/imports/fields";
import type { CheckedApplication } from "../applications/create";
import type { Texts } from "../i18n/texts";
import type { ImportFile } from "./file";
import { parseCell, type Directory } from "./values";

/** What importing a valid row writes. */
export type PendingWrite =
  | { kind: "application.create"; input: CheckedApplication }
  | { kind: "application.update"; id: string; body: ApplicationUpdate }
  | { kind: "vendor.create"; input: z.output<typeof vendorCreateSchema> }
  | { kind: "vendor.update"; id: string; body: z.output<typeof vendorUpdateSchema> };

/** A row as checked: what the preview shows, and (valid rows only) what its import writes. */
export interface CheckedRow {
  view: ImportRow;
  write?: PendingWrite;
}

/** A row's cells by field, as read through the mapping: the values of the fields mapped, and the errors of cells that could not be read. */
export interface ReadRow {
  line: number;
  values: Map<string, unknown>;
  errors: ImportRowError[];
}

/**
 * Reads every row through the mapping (field → column header). An empty cell sets nothing: a new record leaves
 * that field blank (unanswered), an existing one keeps what it has.
 */
export function readRows(entity: ImportEntity, file: ImportFile, mapping: Record<string, string>, directory: Directory, t: Texts): ReadRow[] {
  const mapped = IMPORT_FIELDS[entity].flatMap((field) => {
    const index = mapping[field.key] === undefined ? -1 : file.header.indexOf(mapping[field.key]);
    return index < 0 ? [] : [{ field, index }];
  });
  return file.cells.map((cells, i) => {
    const values = new Map<string, unknown>();
    const errors: ImportRowError[] = [];
    for (const { field, index } of mapped) {
      const text = cells[index] ?? "";
      if (text === "") continue;
      const parsed = parseCell(field, text, directory, t);
      if ("error" in parsed) errors.push({ field: field.key, column: mapping[field.key], message: parsed.error, ...(parsed.params && { params: parsed.params }) });
      else values.set(field.key, parsed.value);
    }
    return { line: i + 2, values, errors };
  });
}

/** An error on a field, located in the file by the mapping. */
export const fieldError = (field: string | null, message: string, mapping: Record<string, string>, params?: Record<string, string>): ImportRowError => ({
  field,
  column: field ? (mapping[field] ?? null) : null,
  message,
  ...(params && { params }),
});

/** A schema's complaints about a row's body, each on the field (and column) it is about; `prefix` is the path the checked value sits at. */
export const issuesOf = (error: z.ZodError, fields: readonly ImportField[], mapping: Record<string, string>, prefix: PropertyKey[] = []): ImportRowError[] =>
  error.issues.map((issue) => fieldError(fieldOfPath([...prefix, ...issue.path], fields), issue.message, mapping));

/** The field a validation issue's path names: the API's body paths back to the import's fields. */
export function fieldOfPath(path: readonly PropertyKey[], fields: readonly ImportField[]): string | null {
  const [first, second] = path.map(String);
  if (first === "details" && second) return fields.some((f) => f.key === `details.${second}`) ? `details.${second}` : null;
  return fields.find((f) => (f.bodyKey ?? f.key) === first)?.key ?? null;
}

/** The body of a create or an update from a row's values, in the API's names: only the fields the file maps. */
export function bodyOf(values: Map<string, unknown>, fields: readonly ImportField[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const details: Record<string, unknown> = {};
  for (const [key, value] of values) {
    if (key.startsWith("details.")) details[key.slice("details.".length)] = value;
    else body[fields.find((f) => f.key === key)?.bodyKey ?? key] = value;
  }
  if (Object.keys(details).length) body.details = details;
  return body;
}

/**
 * The name of a row, which finds the record it updates: a row without one is refused, and one whose name an
 * earlier row of the file already used (in any case) gets an error. `seen` remembers the names met so far.
 */
export function rowName(row: ReadRow, errors: ImportRowError[], seen: Map<string, number>, mapping: Record<string, string>): string | null {
  const value = row.values.get("name");
  if (typeof value !== "string" || !value) {
    if (!errors.some((e) => e.field === "name")) errors.push(fieldError("name", "validation.required", mapping));
    return null;
  }
  const earlier = seen.get(value.toLowerCase());
  if (earlier !== undefined) errors.push(fieldError("name", "imports.errors.repeatedName", mapping, { line: String(earlier) }));
  else seen.set(value.toLowerCase(), row.line);
  return value;
}
