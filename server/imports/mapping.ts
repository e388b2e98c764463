import { and, eq } from "drizzle-orm";
import type { ImportMapping } from "../../domain/entities/import";
import { IMPORT_FIELDS, type ImportEntity } from "../../domain/imports/fields";
import type { Db } from "../db/client";
import { importMappings } from "../db/schema";
import { textsFor } from "../i18n/texts";
import type { CurrentUser } from "../identity/caller";
import { badRequest } from "../plugins/problem";
import { normalised } from "./values";

const ENGLISH = textsFor("en");
const SPANISH = textsFor("es");

/**
 * The mapping offered for a new file: the user's last mapping where the file has the same columns, then each
 * field to a column named as the field (its key, or its name in English or Spanish, as the template writes it).
 */
export function suggestMapping(entity: ImportEntity, header: readonly string[], remembered: ImportMapping | null): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  for (const field of IMPORT_FIELDS[entity]) {
    const previous = remembered?.[field.key];
    if (previous !== undefined && header.includes(previous) && !taken.has(previous)) {
      mapping[field.key] = previous;
      taken.add(previous);
    }
  }
  for (const field of IMPORT_FIELDS[entity]) {
    if (mapping[field.key] !== undefined) continue;
    const names = new Set([field.key, ENGLISH(field.label), SPANISH(field.label)].map(normalised));
    const column = header.find((h) => !taken.has(h) && names.has(normalised(h)));
    if (column !== undefined) {
      mapping[field.key] = column;
      taken.add(column);
    }
  }
  return mapping;
}

/** Refuses a mapping naming a field the entity lacks, a column the file lacks, or one column twice; the name must be mapped. */
export function assertMapping(entity: ImportEntity, header: readonly string[], mapping: ImportMapping): void {
  const errors: { path: string; message: string }[] = [];
  const keys = new Set(IMPORT_FIELDS[entity].map((f) => f.key));
  const used = new Map<string, string>();
  for (const [field, column] of Object.entries(mapping)) {
    if (!keys.has(field)) errors.push({ path: `mapping.${field}`, message: "imports.errors.unknownField" });
    else if (!header.includes(column)) errors.push({ path: `mapping.${field}`, message: "imports.errors.unknownColumn" });
    else if (used.has(column)) errors.push({ path: `mapping.${field}`, message: "imports.errors.columnTwice" });
    used.set(column, field);
  }
  if (mapping.name === undefined) errors.push({ path: "mapping.name", message: "imports.errors.nameUnmapped" });
  if (errors.length) throw badRequest("The mapping does not fit the file.", errors);
}

/** The user's last mapping for this kind of import; null for none (and for an API client, which keeps none). */
export async function rememberedMapping(db: Db, user: CurrentUser, entity: ImportEntity): Promise<ImportMapping | null> {
  if (user.actor !== "user") return null;
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.userId, user.id), eq(importMappings.entity, entity)));
  return row?.mapping ?? null;
}

/** Keeps the mapping as the user's last for this kind of import. */
export async function rememberMapping(db: Db, user: CurrentUser, entity: ImportEntity, mapping: ImportMapping): Promise<void> {
  if (user.actor !== "user") return;
  await db
    .insert(importMappings)
    .values({ companyId: user.companyId, userId: user.id, entity, mapping })
    .onConflictDoUpdate({ target: [importMappings.userId, importMappings.entity], set: { mapping, updatedAt: new Date() } });
}
