import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { roleMatches } from "../../domain/access/abilities";
import type { CompanyExport, CompanyImportResult } from "../../domain/company/export-format";
import { actorOf, recordAudit } from "../audit/record";
import { lockChain } from "../audit/chain";
import type { Db } from "../db/client";
import { companies, identityProviderTests, identityUsers, notifications, resourceGroups, roleAssignments, roles, users } from "../db/schema";
import type { CurrentUser } from "../identity/caller";
import { conflict, HttpProblem } from "../plugins/problem";
import type { Storage } from "../storage/types";
import { checkExportedChain } from "./audit-chain";
import { decodeRow, exportedIds, exportedTables, type RowContext } from "./rows";
import { EXPORTED_TABLES, type ExportedTable } from "./tables";

/** The company's own record in an export: its fields, never its id (the importing company keeps its own). */
const COMPANY_ROW: ExportedTable = { name: "company", table: companies, scope: () => sql`true`, omit: ["id"] };

/**
 * Imports a company export into the caller's company, which holds no records yet: only its first Administrator
 * (the caller) and the groups and roles that make them one. Every record comes back as it was, under its own id,
 * in one transaction (nothing is written when anything is refused); files in a .zip are stored first and removed
 * again if the records are refused.
 *
 * The caller must be one of the export's Administrators (the same e-mail): their own user row takes that user's
 * id and fields, keeping the caller's sign-in. Other people keep theirs; with the local identity service, those
 * without a sign-in here get an account without a password, which an Administrator gives them from Manage Users
 * (Reset temporary password). The export's audit trail must verify under this server's key, with the export's
 * signature over its head (audit-chain.ts); the import continues it with an entry of its own naming that head.
 */
export async function importCompany(
  db: Db,
  storage: Storage,
  caller: CurrentUser,
  doc: CompanyExport,
  files: Map<string, Buffer> | null,
  options: { localIdentity: boolean },
): Promise<CompanyImportResult> {
  const companyId = caller.companyId;
  const tables = exportedTables(doc);
  const exportedUsers = tables.find((t) => t.spec.name === "users")!.rows;
  const me = exportedUsers.find((u) => typeof u.email === "string" && u.email.toLowerCase() === caller.email.toLowerCase());
  const myRoles = tables.find((t) => t.spec.name === "role_assignments")!.rows.filter((r) => r.user_id === me?.id);
  if (!me || !myRoles.some((r) => typeof r.role === "string" && roleMatches(r.role, "Administrator"))) {
    throw conflict(`Only one of the export's Administrators can import it: it has no Administrator with your e-mail (${caller.email}).`);
  }
  const context: RowContext = {
    companyId,
    roleIds: new Map((await db.select().from(roles)).map((r) => [r.name, r.id])),
    ids: exportedIds(tables),
  };
  // The trail is proven under this server's key before anything is stored (audit-chain.ts).
  const chain = checkExportedChain(doc, tables.find((t) => t.spec.name === "audit_log")!.rows);
  const decoded: DecodedTable[] = tables.map(({ spec, rows }) => ({ spec, rows, values: rows.map((row, i) => decodeRow(spec, row, i, context)) }));
  const { id: _exportedId, ...company } = doc.company;
  const companyValues = decodeRow(COMPANY_ROW, company, 0, context);

  // Checked again under the company's lock; checked first so that no file is stored for nothing.
  await assertEmpty(db, companyId, caller.id);
  const stored = await storeFiles(storage, decoded, files);
  try {
    const counts = await db.transaction(async (tx) => {
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
      await lockChain(tx, companyId);
      await assertEmpty(tx, companyId, caller.id);
      // What made the caller an Administrator of the empty company gives way to the export's groups and roles.
      await tx.delete(notifications).where(eq(notifications.companyId, companyId));
      await tx.delete(identityProviderTests).where(eq(identityProviderTests.companyId, companyId));
      await tx.delete(roleAssignments).where(eq(roleAssignments.companyId, companyId));
      await tx.delete(resourceGroups).where(eq(resourceGroups.companyId, companyId));
      await tx.update(companies).set(companyValues).where(eq(companies.id, companyId));
      const counts: Record<string, number> = {};
      for (const { spec, values: all } of decoded) {
        let values = all;
        if (spec.name === "users") {
          // The caller's own row takes their exported record, keeping the sign-in they are using.
          const mine = all.find((r) => r.id === me.id)!;
          await tx.update(users).set({ ...mine, sub: caller.sub }).where(eq(users.id, caller.id));
          values = all.filter((r) => r !== mine);
        }
        if (spec.name === "company_logos") values = all.filter((r) => stored.logos.has(r.sha256 as string)).map((r) => ({ ...r, bytes: stored.logos.get(r.sha256 as string) }));
        for (let i = 0; i < values.length; i += 500) await tx.insert(spec.table).values(values.slice(i, i + 500));
        counts[spec.name] = spec.name === "users" ? values.length + 1 : values.length;
      }
      if (options.localIdentity) await signInAccounts(tx, decoded.find((t) => t.spec.name === "users")!.values.filter((r) => r.id !== me.id));
      await recordAudit(tx, { ...actorOf(caller), id: me.id as string }, {
        entityType: "company",
        entityId: companyId,
        action: "company.imported",
        // Keyed and chained on the imported head: it anchors the imported history in this company's chain.
        after: { exported_at: doc.exported_at, steward_version: doc.steward_version, tables: counts, files: { stored: stored.count, missing: stored.missing }, audit_chain: chain },
      });
      return counts;
    });
    return { tables: counts, files: { stored: stored.count, missing: stored.missing } };
  } catch (error) {
    await Promise.all(stored.keys.map((key) => storage.remove(key).catch(() => {})));
    throw asImportProblem(error);
  }
}

/** Refuses a company that holds records (409, naming where), besides the caller and their access. */
async function assertEmpty(db: Db, companyId: string, callerId: string): Promise<void> {
  const replaced = new Set(["users", "resource_groups", "role_assignments", "resource_group_resources", "notifications"]);
  const held: string[] = [];
  for (const spec of EXPORTED_TABLES) {
    if (replaced.has(spec.name)) continue;
    const [{ n }] = await db.select({ n: count() }).from(spec.table).where(spec.scope(companyId));
    if (n > 0) held.push(spec.name);
  }
  const [{ others }] = await db.select({ others: count() }).from(users).where(and(eq(users.companyId, companyId), ne(users.id, callerId)));
  if (others > 0) held.push("users");
  if (held.length > 0) throw conflict(`An export is imported into a company without records; this one holds ${held.join(", ")}.`);
}

interface StoredFiles {
  count: number;
  missing: number;
  /** Storage keys written, to remove when the records are refused. */
  keys: string[];
  /** The logo's bytes by their hash: a logo lives in its row. */
  logos: Map<string, Buffer>;
}

type DecodedTable = { spec: ExportedTable; rows: Record<string, unknown>[]; values: Record<string, unknown>[] };

/**
 * Puts each file of the .zip under the storage key of the rows naming it; counts the files rows name that the
 * import was not given (a JSON export references them only). A file never uploaded where it was exported is none.
 */
async function storeFiles(storage: Storage, tables: DecodedTable[], files: Map<string, Buffer> | null): Promise<StoredFiles> {
  const result: StoredFiles = { count: 0, missing: 0, keys: [], logos: new Map() };
  const done = new Set<string>();
  for (const { spec, rows, values } of tables) {
    if (!spec.file) continue;
    for (const [i, row] of rows.entries()) {
      const sha256 = spec.file.key === "logo" ? (row.sha256 as string) : (row.file as { sha256: string | null } | null)?.sha256;
      const key = spec.file.key === "logo" ? `logo:${sha256}` : (values[i].storageKey as string | null);
      if (!sha256 || !key || done.has(key)) continue;
      done.add(key);
      const bytes = files?.get(sha256);
      if (!bytes) {
        result.missing += 1;
      } else if (spec.file.key === "logo") {
        result.logos.set(sha256, bytes);
        result.count += 1;
      } else {
        await storage.put(key, bytes, (values[i].contentType as string | null) ?? "application/octet-stream");
        result.keys.push(key);
        result.count += 1;
      }
    }
  }
  return result;
}

/** Local sign-in accounts for imported people who have none here: no password until an Administrator sends one. */
async function signInAccounts(db: Db, people: Record<string, unknown>[]): Promise<void> {
  const subs = people.map((p) => p.sub as string);
  if (subs.length === 0) return;
  const existing = new Set((await db.select({ sub: identityUsers.sub }).from(identityUsers).where(inArray(identityUsers.sub, subs))).map((u) => u.sub));
  const missing = people.filter((p) => !existing.has(p.sub as string));
  if (missing.length === 0) return;
  await db.insert(identityUsers).values(
    missing.map((p) => ({ sub: p.sub as string, username: (p.email as string).toLowerCase(), email: (p.email as string).toLowerCase(), passwordHash: null, status: "FORCE_CHANGE_PASSWORD" as const })),
  );
}

/** A database refusal of the export's values as the caller's problem: 409 for records already here, else 400. */
function asImportProblem(error: unknown): unknown {
  if (error instanceof HttpProblem) return error;
  const e = error as { code?: string; cause?: { code?: string; detail?: string; table?: string; constraint?: string; column?: string }; message?: string };
  const code = e.code ?? e.cause?.code ?? "";
  if (code === "23505") {
    return conflict(`Records of this export are already in this database (${e.cause?.detail ?? e.cause?.constraint ?? "a record"}): import it into another Steward, or once its company is gone.`);
  }
  if (/^2[23]/.test(code)) {
    const rule = e.cause?.constraint ?? (e.cause?.column ? `column ${e.cause.column}` : "its rules");
    return new HttpProblem(400, `The export holds a value its table refuses: ${e.cause?.table ?? "a table"} (${rule}).`);
  }
  return error;
}
