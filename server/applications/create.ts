import { eq, and } from "drizzle-orm";
import { newApplicationGroup } from "../../domain/access/new-application-group";
import type { ApplicationDetails, ClassificationContext } from "../../domain/risk";
import { actorOf, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { applications, resourceGroupResources, resourceGroups } from "../db/schema";
import type { CurrentUser } from "../identity/caller";
import { badRequest, notFound } from "../plugins/problem";
import { assertOwnerInCompany, NAME_TAKEN, newApplicationValues } from "./store";
import { assertCompanyVendors, replaceListedVendors, usedVendorIds, vendorContext, type DbOrTx } from "./vendors";

/** The group a new application joins (domain/access/new-application-group), a named one checked to be a SELECTED group of the company. */
export async function groupToJoin(db: Db, user: CurrentUser, requested: string | undefined): Promise<string | null> {
  const decision = newApplicationGroup(user, requested);
  if ("choose" in decision) {
    throw badRequest("You contribute to several application groups: choose the one the application joins.", [
      { path: "resource_group_id", message: "validation.required" },
    ]);
  }
  if ("unknownGroup" in decision) throw notFound("Resource group");
  if (!decision.group) return null;
  const [group] = await db
    .select({ type: resourceGroups.groupType })
    .from(resourceGroups)
    .where(and(eq(resourceGroups.id, decision.group), eq(resourceGroups.companyId, user.companyId)));
  if (group?.type !== "SELECTED") throw notFound("Resource group");
  return decision.group;
}

export interface NewApplication {
  name: string;
  description?: string | null;
  owner_id?: string | null;
  resource_group_id?: string;
  details?: ApplicationDetails;
  vendor_ids?: string[];
}

/**
 * Adds an application, classified, in the group its creator needs to keep seeing it; audited. Owned by
 * its creator unless the body names an owner (an API client owns nothing). Answers its id.
 */
export async function createApplication(db: Db, user: CurrentUser, input: NewApplication): Promise<string> {
  const { name, description, owner_id, resource_group_id, details, vendor_ids = [] } = input;
  await assertOwnerInCompany(db, user.companyId, owner_id);
  await assertCompanyVendors(db, user.companyId, vendor_ids, "vendor_ids");
  await assertCompanyVendors(db, user.companyId, [details?.foundation_model_vendor_id], "details.foundation_model_vendor_id");
  const context = await vendorContext(db, user.companyId, details ? usedVendorIds(vendor_ids, details) : vendor_ids);
  const groupId = await groupToJoin(db, user, resource_group_id);
  try {
    return await db.transaction((tx) => insertApplication(tx, user, { name, description, owner_id, details, vendor_ids, groupId, context }));
  } catch (error) {
    if (isUniqueViolation(error)) throw NAME_TAKEN();
    throw error;
  }
}

/** A new application as checked and ready to write: its owner, vendors and group already known to be the company's. */
export interface CheckedApplication {
  name: string;
  description?: string | null;
  /** Undefined: its creator, when a person. */
  owner_id?: string | null;
  details?: ApplicationDetails;
  vendor_ids: string[];
  groupId: string | null;
  context: ClassificationContext;
}

/**
 * Writes a checked application in the caller's transaction, with its vendors and group, and audits it
 * (`audit` adds to the entry, e.g. the import that brought it). Answers its id.
 */
export async function insertApplication(tx: DbOrTx, user: CurrentUser, input: CheckedApplication, audit: Record<string, unknown> = {}): Promise<string> {
  const isPerson = user.actor === "user";
  const [created] = await tx
    .insert(applications)
    .values(
      newApplicationValues({
        companyId: user.companyId,
        name: input.name,
        description: input.description,
        ownerId: input.owner_id === undefined ? (isPerson ? user.id : null) : input.owner_id,
        createdBy: isPerson ? user.id : null,
        details: input.details,
        context: input.context,
      }),
    )
    .returning();
  await replaceListedVendors(tx, user.companyId, created.id, input.vendor_ids);
  if (input.groupId) await tx.insert(resourceGroupResources).values({ resourceGroupId: input.groupId, resourceId: created.id });
  await recordAudit(tx, actorOf(user), {
    entityType: "application",
    entityId: created.id,
    action: "application.created",
    after: { name: created.name, risk_tier: created.riskTier, resource_group_id: input.groupId, vendor_ids: input.vendor_ids, ...audit },
  });
  return created.id;
}

