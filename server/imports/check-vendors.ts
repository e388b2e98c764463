import type { FastifyRequest } from "fastify";
import { asSubject } from "../../domain/access/abilities";
import { vendorCreateSchema, vendorUpdateSchema } from "../../domain/entities/vendor";
import { IMPORT_FIELDS } from "../../domain/imports/fields";
import { emptyVendorDetails, vendorDetailsSchema, vendorRisk } from "../../domain/vendors";
import type { Db } from "../db/client";
import type { Texts } from "../i18n/texts";
import { vendorsNamed } from "./directory";
import type { ImportFile } from "./file";
import { bodyOf, fieldError, issuesOf, readRows, rowName, type CheckedRow } from "./checked-row";
import type { Directory } from "./values";

const FIELDS = IMPORT_FIELDS.vendors;

/**
 * Checks every row of a vendors file: its cells, the rules a create or an edit through the API obeys, what
 * the caller may do, and the risk level it would get.
 */
export async function checkVendorRows(db: Db, request: FastifyRequest, file: ImportFile, mapping: Record<string, string>, directory: Directory, t: Texts): Promise<CheckedRow[]> {
  const { user, ability } = request;
  const read = readRows("vendors", file, mapping, directory, t);
  const names = read.map((r) => r.values.get("name")).filter((n): n is string => typeof n === "string");
  const existing = await vendorsNamed(db, user.companyId, names);
  const seen = new Map<string, number>();

  return read.map((row): CheckedRow => {
    const errors = [...row.errors];
    const name = rowName(row, errors, seen, mapping);
    const refuse = (): CheckedRow => ({ view: { line: row.line, name, action: null, errors } });
    if (!name) return refuse();
    const body = bodyOf(row.values, FIELDS);
    const found = existing.get(name.toLowerCase());

    if (found) {
      if (!ability.can("update", asSubject("Vendor", { id: found.id, companyId: found.companyId }))) errors.push(fieldError(null, "imports.errors.cannotUpdate", mapping));
      const parsed = vendorUpdateSchema.safeParse(body);
      if (!parsed.success) errors.push(...issuesOf(parsed.error, FIELDS, mapping));
      const merged = vendorDetailsSchema.safeParse({ ...emptyVendorDetails(), ...found.details, ...((body.details as object | undefined) ?? {}) });
      if (!merged.success) errors.push(...issuesOf(merged.error, FIELDS, mapping, ["details"]));
      if (errors.length || !parsed.success || !merged.success) return refuse();
      return { view: { line: row.line, name, action: "update", risk_level: vendorRisk(merged.data).level, errors: [] }, write: { kind: "vendor.update", id: found.id, body: parsed.data } };
    }

    if (!ability.can("create", "Vendor")) errors.push(fieldError(null, "imports.errors.cannotCreate", mapping));
    const parsed = vendorCreateSchema.safeParse(body);
    if (!parsed.success) errors.push(...issuesOf(parsed.error, FIELDS, mapping));
    if (errors.length || !parsed.success) return refuse();
    const level = vendorRisk(parsed.data.details ?? emptyVendorDetails()).level;
    return { view: { line: row.line, name, action: "create", risk_level: level, errors: [] }, write: { kind: "vendor.create", input: parsed.data } };
  });
}
