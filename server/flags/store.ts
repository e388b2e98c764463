import { and, asc, count, eq } from "drizzle-orm";
import type { RoleName } from "../../domain/access/current-user";
import { MAX_FLAGS_PER_COMPANY, PRODUCT_FLAGS, isProductFlag, type FlagTargeting } from "../../domain/flags/catalogue";
import type { FeatureFlag, FeatureFlagCreate, FeatureFlagPatch } from "../../domain/flags/schemas";
import { actorOf, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { featureFlags } from "../db/schema";
import { claimVersion } from "../db/versions";
import type { ExpectedVersions } from "../plugins/concurrency";
import type { CurrentUser } from "../identity/caller";
import { conflict, notFound, staleVersion } from "../plugins/problem";

type FlagRow = typeof featureFlags.$inferSelect;
const AUDIT_ENTITY = "feature_flag";

const targetingOf = (row: FlagRow): FlagTargeting => ({ enabled: row.enabled, roles: row.roles as RoleName[], percentage: row.percentage });

/** What the audit log keeps of a flag: its settings. */
const settingsOf = (row: Pick<FlagRow, "key" | "description" | "enabled" | "roles" | "percentage">) => ({
  key: row.key,
  description: row.description,
  enabled: row.enabled,
  roles: row.roles,
  percentage: row.percentage,
});

function toFeatureFlag(row: FlagRow): FeatureFlag {
  return { ...settingsOf(row), roles: row.roles as RoleName[], product: isProductFlag(row.key), version: row.version, updated_at: row.updatedAt.toISOString() };
}

/** A product flag nobody has set: its default, on for everyone (or off), version 0. */
function productDefault(key: keyof typeof PRODUCT_FLAGS): FeatureFlag {
  return { key, description: "", enabled: PRODUCT_FLAGS[key].defaultValue, roles: [], percentage: null, product: true, version: 0, updated_at: null };
}

/** The company's stored flags by key, for evaluating several at once. */
export async function storedTargeting(db: Db, companyId: string, key?: string): Promise<Map<string, FlagTargeting>> {
  const rows = await db
    .select()
    .from(featureFlags)
    .where(and(eq(featureFlags.companyId, companyId), key === undefined ? undefined : eq(featureFlags.key, key)));
  return new Map(rows.map((row) => [row.key, targetingOf(row)]));
}

/** Admin → Feature flags: the product's flags first (stored or at their default), then the company's own by key. */
export async function listFeatureFlags(db: Db, companyId: string): Promise<{ items: FeatureFlag[]; total: number }> {
  const rows = await db.select().from(featureFlags).where(eq(featureFlags.companyId, companyId)).orderBy(asc(featureFlags.key));
  const stored = new Map(rows.map((row) => [row.key, row]));
  const product = Object.keys(PRODUCT_FLAGS).map((key) => {
    const row = stored.get(key);
    return row ? toFeatureFlag(row) : productDefault(key as keyof typeof PRODUCT_FLAGS);
  });
  const own = rows.filter((row) => !isProductFlag(row.key)).map(toFeatureFlag);
  const items = [...product, ...own];
  return { items, total: items.length };
}

async function findRow(db: Db, companyId: string, key: string): Promise<FlagRow | undefined> {
  const [row] = await db.select().from(featureFlags).where(and(eq(featureFlags.companyId, companyId), eq(featureFlags.key, key)));
  return row;
}

/** One flag as the list shows it; 404 for a key that is neither stored nor the product's. */
export async function findFeatureFlag(db: Db, companyId: string, key: string): Promise<FeatureFlag> {
  const row = await findRow(db, companyId, key);
  if (row) return toFeatureFlag(row);
  if (isProductFlag(key)) return productDefault(key);
  throw notFound("Feature flag");
}

const KEY_TAKEN = () => conflict("A feature flag with this key already exists.", [{ path: "key", message: "feature-flags.keyTaken" }]);

/** Adds a flag of the company's own; audited. The product's keys are taken, and a company has at most MAX_FLAGS_PER_COMPANY. */
export async function createFeatureFlag(db: Db, user: CurrentUser, input: FeatureFlagCreate): Promise<FeatureFlag> {
  if (isProductFlag(input.key)) throw KEY_TAKEN();
  try {
    return await db.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: count() }).from(featureFlags).where(eq(featureFlags.companyId, user.companyId));
      if (n >= MAX_FLAGS_PER_COMPANY) throw conflict(`A company can have at most ${MAX_FLAGS_PER_COMPANY} feature flags; delete one first.`);
      const [row] = await tx
        .insert(featureFlags)
        .values({ companyId: user.companyId, key: input.key, description: input.description, enabled: input.enabled, roles: input.roles, percentage: input.percentage })
        .returning();
      await recordAudit(tx, actorOf(user), { entityType: AUDIT_ENTITY, entityId: row.id, action: "feature_flag.created", after: settingsOf(row) });
      return toFeatureFlag(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw KEY_TAKEN();
    throw error;
  }
}

/**
 * Changes a flag at the expected version (If-Match); audited. A product flag still at its default (version 0)
 * is stored with the change on top of its default; two such first changes at once: the second gets 412.
 */
export async function changeFeatureFlag(db: Db, user: CurrentUser, key: string, patch: FeatureFlagPatch, expected: ExpectedVersions): Promise<FeatureFlag> {
  const where = and(eq(featureFlags.companyId, user.companyId), eq(featureFlags.key, key))!;
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(featureFlags).where(where);
      if (!before) {
        if (!isProductFlag(key)) throw notFound("Feature flag");
        if (expected && !expected.includes(0)) throw staleVersion(0);
        const base = productDefault(key);
        const [row] = await tx
          .insert(featureFlags)
          .values({
            companyId: user.companyId,
            key,
            description: patch.description ?? base.description,
            enabled: patch.enabled ?? base.enabled,
            roles: patch.roles ?? base.roles,
            percentage: patch.percentage === undefined ? base.percentage : patch.percentage,
          })
          .returning();
        await recordAudit(tx, actorOf(user), { entityType: AUDIT_ENTITY, entityId: row.id, action: "feature_flag.updated", before: settingsOf(base), after: settingsOf(row) });
        return toFeatureFlag(row);
      }
      if ((await claimVersion(tx, featureFlags, where, expected)) === undefined) throw notFound("Feature flag");
      const changes = {
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
        ...(patch.roles !== undefined ? { roles: patch.roles } : {}),
        ...(patch.percentage !== undefined ? { percentage: patch.percentage } : {}),
      };
      // A patch that names nothing changes nothing: the flag as it stands, no audit entry.
      if (Object.keys(changes).length === 0) return toFeatureFlag((await tx.select().from(featureFlags).where(where))[0]);
      const [row] = await tx.update(featureFlags).set(changes).where(where).returning();
      await recordAudit(tx, actorOf(user), { entityType: AUDIT_ENTITY, entityId: row.id, action: "feature_flag.updated", before: settingsOf(before), after: settingsOf(row) });
      return toFeatureFlag(row);
    });
  } catch (error) {
    // Another first change of the same product flag committed in between.
    if (isUniqueViolation(error)) throw staleVersion(1);
    throw error;
  }
}

/** Deletes a flag of the company's own, or puts a product flag back to its default; audited. */
export async function deleteFeatureFlag(db: Db, user: CurrentUser, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(featureFlags)
      .where(and(eq(featureFlags.companyId, user.companyId), eq(featureFlags.key, key)))
      .returning();
    if (!row) {
      if (isProductFlag(key)) return;
      throw notFound("Feature flag");
    }
    const action = isProductFlag(key) ? "feature_flag.reset" : "feature_flag.deleted";
    await recordAudit(tx, actorOf(user), { entityType: AUDIT_ENTITY, entityId: row.id, action, before: settingsOf(row) });
  });
}
