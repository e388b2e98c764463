import { and, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import * as schema from "../db/schema";

/**
 * What a company export holds, table by table, in the order an import writes them (every table after those it
 * refers to). Rows are written under their columns' database names. Columns are found from the schema itself,
 * and so are the references between tables: a reference to the company is left out (the company is the export's),
 * a reference to a role is written as the role's name (role ids differ between installations), and any other
 * must point at a row of the same export.
 *
 * Never exported: sign-in credentials (the identity tables: passwords, sessions, passkeys, second factors), the
 * secrets sealed with this installation's keys (an API client's secret hash, a model endpoint's token, an identity
 * provider's client secret), short-lived state (identity provider connection tests) and what belongs to no company
 * (the roles, the sweep's schedule).
 */
export interface ExportedTable {
  /** The table's database name, its key in the export. */
  name: string;
  table: PgTable;
  /** How the company's rows are found: its own column, or through a parent row for a table without one. */
  scope: (companyId: string) => SQL;
  /** Columns left out (secrets, proofs): they are null, or their default, after an import. */
  omit?: readonly string[];
  /** A column holding a storage key: written as the file's SHA-256 and size instead, and rebuilt on import. */
  file?: { column: string; key: "document" | "logo" };
  /** The order rows are written in when not the primary key's (unique within the company). */
  order?: PgColumn[];
}

const byCompany = (companyId: PgColumn) => (id: string) => eq(companyId, id);

export const EXPORTED_TABLES: readonly ExportedTable[] = [
  { name: "company_logos", table: schema.companyLogos, scope: byCompany(schema.companyLogos.companyId), omit: ["bytes"], file: { column: "sha256", key: "logo" } },
  { name: "users", table: schema.users, scope: byCompany(schema.users.companyId) },
  { name: "resource_groups", table: schema.resourceGroups, scope: byCompany(schema.resourceGroups.companyId) },
  { name: "role_assignments", table: schema.roleAssignments, scope: byCompany(schema.roleAssignments.companyId) },
  { name: "api_clients", table: schema.apiClients, scope: byCompany(schema.apiClients.companyId), omit: ["secret_hash"] },
  { name: "applications", table: schema.applications, scope: byCompany(schema.applications.companyId) },
  {
    name: "resource_group_resources",
    table: schema.resourceGroupResources,
    scope: (id) => inArray(schema.resourceGroupResources.resourceGroupId, sql`(select ${schema.resourceGroups.id} from ${schema.resourceGroups} where ${schema.resourceGroups.companyId} = ${id})`),
  },
  { name: "application_role_assignments", table: schema.applicationRoleAssignments, scope: byCompany(schema.applicationRoleAssignments.companyId) },
  { name: "vendors", table: schema.vendors, scope: byCompany(schema.vendors.companyId) },
  { name: "application_vendors", table: schema.applicationVendors, scope: byCompany(schema.applicationVendors.companyId) },
  { name: "processing_items", table: schema.processingItems, scope: byCompany(schema.processingItems.companyId) },
  { name: "application_documents", table: schema.applicationDocuments, scope: byCompany(schema.applicationDocuments.companyId), file: { column: "storage_key", key: "document" } },
  { name: "application_assessments", table: schema.applicationAssessments, scope: byCompany(schema.applicationAssessments.companyId) },
  { name: "application_comments", table: schema.applicationComments, scope: byCompany(schema.applicationComments.companyId) },
  { name: "company_framework_settings", table: schema.companyFrameworkSettings, scope: byCompany(schema.companyFrameworkSettings.companyId) },
  { name: "application_framework_settings", table: schema.applicationFrameworkSettings, scope: byCompany(schema.applicationFrameworkSettings.companyId) },
  { name: "application_controls", table: schema.applicationControls, scope: byCompany(schema.applicationControls.companyId) },
  { name: "control_evidence", table: schema.controlEvidence, scope: byCompany(schema.controlEvidence.companyId), file: { column: "storage_key", key: "document" } },
  { name: "incidents", table: schema.incidents, scope: byCompany(schema.incidents.companyId) },
  { name: "testing_tasks", table: schema.testingTasks, scope: byCompany(schema.testingTasks.companyId) },
  { name: "model_endpoints", table: schema.modelEndpoints, scope: byCompany(schema.modelEndpoints.companyId), omit: ["token_ciphertext"] },
  { name: "notifications", table: schema.notifications, scope: byCompany(schema.notifications.companyId) },
  { name: "approval_snapshots", table: schema.approvalSnapshots, scope: byCompany(schema.approvalSnapshots.companyId) },
  { name: "company_identity_providers", table: schema.companyIdentityProviders, scope: byCompany(schema.companyIdentityProviders.companyId), omit: ["client_secret"] },
  // A domain's proof holds where it was made: imported domains start pending, with a token of their own.
  {
    name: "company_sso_domains",
    table: schema.companySsoDomains,
    scope: byCompany(schema.companySsoDomains.companyId),
    omit: ["status", "token", "verified_at", "checked_at", "check_failure"],
  },
  // Bulk imports: the files people brought in (their audit entries name them) and each person's last column mapping.
  { name: "imports", table: schema.imports, scope: byCompany(schema.imports.companyId) },
  { name: "import_mappings", table: schema.importMappings, scope: byCompany(schema.importMappings.companyId) },
  { name: "feature_flags", table: schema.featureFlags, scope: byCompany(schema.featureFlags.companyId) },
  { name: "audit_log", table: schema.auditLog, scope: byCompany(schema.auditLog.companyId), order: [schema.auditLog.seq] },
];

/** A column as an export sees it: its database name, its drizzle key and type, and where it points. */
export interface ExportedColumn {
  name: string;
  key: string;
  column: PgColumn;
  /** Generated by the database: written out, never written back. */
  generated: boolean;
  /** `company`: the company's id; `role`: a role's id (exported as its name); a table name: a row of that table. */
  references: "company" | "role" | string | null;
}

/** The columns of a table, with the references its foreign keys declare. */
export function columnsOf(table: PgTable): ExportedColumn[] {
  const config = getTableConfig(table);
  const references = new Map<string, string>();
  for (const fk of config.foreignKeys) {
    const reference = fk.reference();
    const target = getTableConfig(reference.foreignTable).name;
    for (const column of reference.columns) references.set(column.name, target === "companies" ? "company" : target === "roles" ? "role" : target);
  }
  return config.columns.map((column) => ({
    name: toSnakeCase(column.name),
    key: column.name,
    column,
    generated: Boolean((column as { generated?: unknown }).generated),
    references: references.get(column.name) ?? null,
  }));
}

/** The primary key's columns, the order rows are read in. */
export function primaryKeyOf(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((c) => c.primary);
  return single.length > 0 ? single : config.primaryKeys[0].columns;
}

const READ_BATCH = 2000;

/**
 * The company's rows of a table in primary-key order (or the table's own), a batch at a time (keyset on that
 * order), so an export of any size holds one batch per table in memory.
 */
export async function* companyRows(db: Db, spec: ExportedTable, companyId: string): AsyncGenerator<Record<string, unknown>[]> {
  const key = spec.order ?? primaryKeyOf(spec.table);
  let last: Record<string, unknown> | undefined;
  for (;;) {
    const after = last === undefined ? undefined : keyAfter(key, last);
    const rows = (await db
      .select()
      .from(spec.table)
      .where(and(spec.scope(companyId), after))
      .orderBy(...key)
      .limit(READ_BATCH)) as Record<string, unknown>[];
    if (rows.length === 0) return;
    yield rows;
    last = rows[rows.length - 1];
  }
}

/** Rows after `last` in the order of `key` (a row-wise comparison, spelled out so every planner uses the index). */
function keyAfter(key: PgColumn[], last: Record<string, unknown>): SQL {
  const [first, ...rest] = key;
  const value = last[first.name];
  if (rest.length === 0) return gt(first, value);
  return or(gt(first, value), and(eq(first, value), keyAfter(rest, last)))!;
}
