import type { FastifyRequest } from "fastify";
import { asSubject } from "../../domain/access/abilities";
import { newApplicationGroup } from "../../domain/access/new-application-group";
import { applicationCreateSchema, applicationUpdateSchema, type ApplicationUpdate } from "../../domain/entities/application";
import { IMPORT_FIELDS } from "../../domain/imports/fields";
import { applicationDetailsSchema, classify, descriptorKeys, emptyDetails, type ApplicationDetails } from "../../domain/risk";
import { contextOf, usedVendorIds } from "../applications/vendors";
import type { Db } from "../db/client";
import type { Texts } from "../i18n/texts";
import { applicationsNamed } from "./directory";
import type { ImportFile } from "./file";
import { bodyOf, fieldError, issuesOf, readRows, rowName, type CheckedRow, type ReadRow } from "./checked-row";
import type { Directory } from "./values";

const FIELDS = IMPORT_FIELDS.applications;

/**
 * Checks every row of an applications file: its cells, the rules a create or an edit through the API obeys,
 * what the caller may do (add an application, change the one of the same name), and the tier it would get.
 */
export async function checkApplicationRows(db: Db, request: FastifyRequest, file: ImportFile, mapping: Record<string, string>, directory: Directory, t: Texts): Promise<CheckedRow[]> {
  const { user, ability } = request;
  const read = readRows("applications", file, mapping, directory, t);
  const names = read.map((r) => r.values.get("name")).filter((n): n is string => typeof n === "string");
  const existing = await applicationsNamed(db, user.companyId, names);
  const highRisk = new Set([...directory.vendors.values()].filter((v) => v.risk === "high").map((v) => v.id));
  const seen = new Map<string, number>();

  return read.map((row: ReadRow): CheckedRow => {
    const errors = [...row.errors];
    const name = rowName(row, errors, seen, mapping);
    const refuse = (): CheckedRow => ({ view: { line: row.line, name, action: null, errors } });
    if (!name) return refuse();
    const body = bodyOf(row.values, FIELDS);
    const found = existing.get(name.toLowerCase());

    if (found) {
      if (!ability.can("update", asSubject("Application", { id: found.row.id, companyId: found.row.companyId, resource_group_ids: found.groupIds }))) errors.push(fieldError(null, "imports.errors.cannotUpdate", mapping));
      // An existing application keeps its groups: a group names where a new one goes. The vendors it already lists are no change.
      delete body.resource_group_id;
      const listed = body.vendor_ids as string[] | undefined;
      if (listed && listed.length === found.vendorIds.length && listed.every((id) => found.vendorIds.includes(id))) delete body.vendor_ids;
      const parsed = applicationUpdateSchema.safeParse(body);
      if (!parsed.success) errors.push(...issuesOf(parsed.error, FIELDS, mapping));
      const merged = applicationDetailsSchema.safeParse({ ...found.row.details, ...((body.details as object | undefined) ?? {}) });
      if (!merged.success) errors.push(...issuesOf(merged.error, FIELDS, mapping, ["details"]));
      if (errors.length || !parsed.success || !merged.success) return refuse();
      const vendorIds = (parsed.data.vendor_ids as string[] | undefined) ?? found.vendorIds;
      return preview(row, name, "update", merged.data, vendorIds, highRisk, { kind: "application.update", id: found.row.id, body: parsed.data as ApplicationUpdate });
    }

    if (!ability.can("create", "Application")) errors.push(fieldError(null, "imports.errors.cannotCreate", mapping));
    const group = newApplicationGroup(user, body.resource_group_id as string | undefined);
    if ("choose" in group) errors.push(fieldError("resource_group", "imports.errors.chooseGroup", mapping, { groups: group.choose.map((g) => g.name).join("; ") }));
    if ("unknownGroup" in group) errors.push(fieldError("resource_group", "imports.errors.groupNotYours", mapping));
    const parsed = applicationCreateSchema.safeParse(body);
    if (!parsed.success) errors.push(...issuesOf(parsed.error, FIELDS, mapping));
    if (errors.length || !parsed.success || !("group" in group)) return refuse();
    const details = parsed.data.details ?? emptyDetails();
    const vendorIds = parsed.data.vendor_ids ?? [];
    const context = contextOf(usedVendorIds(vendorIds, details), highRisk);
    const input = { name: parsed.data.name, description: parsed.data.description, owner_id: parsed.data.owner_id, details, vendor_ids: vendorIds, groupId: group.group, context };
    return preview(row, name, "create", details, vendorIds, highRisk, { kind: "application.create", input });
  });
}

function preview(row: ReadRow, name: string, action: "create" | "update", details: ApplicationDetails, vendorIds: string[], highRisk: Set<string>, write: CheckedRow["write"]): CheckedRow {
  const result = classify(details, contextOf(usedVendorIds(vendorIds, details), highRisk));
  return { view: { line: row.line, name, action, risk_tier: result.risk_tier, risk_descriptors: descriptorKeys(result), errors: [] }, write };
}
