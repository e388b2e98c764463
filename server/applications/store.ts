import type { FastifyRequest } from "fastify";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { asSubject, type Action } from "../../domain/access/abilities";
import { NOT_ASSESSED, type Application, type ApplicationListQuery, type ApplicationUpdate } from "../../domain/entities/application";
import type { VendorRef } from "../../domain/entities/vendor";
import { RISK_TIERS, emptyDetails, type ApplicationDetails, type ClassificationContext } from "../../domain/risk";
import { groupIdsOf } from "../access/record-groups";
import { scopeOf } from "../access/scope";
import { actorOf } from "../audit/record";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { countedTotal, listItems, orderOf, pageOf, type ListFilters, type ListSorting, type ListSource, type SortValues } from "../db/list";
import { listTotal, windowCount, type ListTotal } from "../db/list-total";
import { applications, users } from "../db/schema";
import { likePattern } from "../db/search";
import { claimVersion } from "../db/versions";
import type { CurrentUser } from "../identity/caller";
import type { ExpectedVersions } from "../plugins/concurrency";
import { conflict, forbidden, notFound } from "../plugins/problem";
import type { Storage } from "../storage/types";
import { applyApprovalMove, applyDevelopmentMove, applyEdit } from "./changes";
import { classificationColumns, classifyDetails } from "./classification";
import type { ApplicationRow } from "./row";
import { listedVendors } from "./vendors";

export interface ApplicationWithOwner<Row extends ApplicationViewRow = ApplicationRow> {
  row: Row;
  ownerName: string | null;
  /** The resource groups it belongs to: what the abilities' group rules decide on. */
  groupIds: string[];
}

/**
 * The columns an application's API view shows. Lists read only these: the questionnaire and the
 * classification's working (details, rules fired, rule outcomes) are kilobytes a row no list shows.
 */
const viewColumns = {
  id: applications.id,
  name: applications.name,
  description: applications.description,
  ownerId: applications.ownerId,
  riskTier: applications.riskTier,
  riskDescriptors: applications.riskDescriptors,
  approvalStatus: applications.approvalStatus,
  developmentStatus: applications.developmentStatus,
  approvalResetReason: applications.approvalResetReason,
  submittedBy: applications.submittedBy,
  approvedAt: applications.approvedAt,
  nextReviewDue: applications.nextReviewDue,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
  version: applications.version,
};
export type ApplicationViewRow = Pick<ApplicationRow, keyof typeof viewColumns>;

/** The owner's full name, joined in every read of applications. */
export const ownerName = sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`;

export function selectApplications(db: Db) {
  return db.select({ row: applications, ownerName, groupIds: groupIdsOf(applications.id) }).from(applications).leftJoin(users, eq(users.id, applications.ownerId));
}

/** Applications as lists show them: the view's columns only (and their groups, so the browser checks each row by the API's rules). */
export function selectApplicationViews(db: Db, extra?: SortValues) {
  return db
    .select({ row: viewColumns, ownerName, groupIds: groupIdsOf(applications.id), ...extra })
    .from(applications)
    .leftJoin(users, eq(users.id, applications.ownerId));
}

/** The application as the abilities see it: its company and id, and the groups it belongs to. */
export const applicationSubject = (row: { id: string; companyId: string }, groupIds: string[]) =>
  asSubject("Application", { id: row.id, companyId: row.companyId, resource_group_ids: groupIds });

/** `vendors`: the vendors it lists, given on single reads. */
export function toApplication({ row, ownerName, groupIds }: ApplicationWithOwner<ApplicationViewRow>, vendors?: VendorRef[]): Application {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    owner: row.ownerId && ownerName ? { id: row.ownerId, name: ownerName } : null,
    risk_tier: row.riskTier,
    risk_descriptors: row.riskDescriptors,
    approval_status: row.approvalStatus,
    development_status: row.developmentStatus,
    approval_reset_reason: row.approvalResetReason,
    submitted_by: row.submittedBy,
    approved_at: row.approvedAt?.toISOString() ?? null,
    next_review_due: row.nextReviewDue,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
    resource_group_ids: groupIds,
    ...(vendors && { vendors }),
  };
}

export function newApplicationValues(input: {
  companyId: string;
  name: string;
  description?: string | null;
  ownerId?: string | null;
  createdBy?: string | null;
  details?: ApplicationDetails;
  /** The vendors it uses; none by default. */
  context?: ClassificationContext;
}) {
  const details = input.details ?? emptyDetails();
  return {
    companyId: input.companyId,
    name: input.name,
    description: input.description ?? null,
    ownerId: input.ownerId ?? null,
    createdBy: input.createdBy ?? null,
    details,
    ...classificationColumns(classifyDetails(details, input.context)),
  };
}

/**
 * The application with this id if the caller can see it (else 404, never 403: a caller must not learn that
 * an application they cannot see exists), and 403 when they see it but may not take `action` on it.
 */
export async function findApplication(db: Db, request: FastifyRequest, id: string, action: Action = "read", detail?: string): Promise<ApplicationWithOwner> {
  const [found] = await selectApplications(db).where(and(eq(applications.id, id), eq(applications.companyId, request.user.companyId)));
  const subject = found && applicationSubject(found.row, found.groupIds);
  if (!found || !request.ability.can("read", subject)) throw notFound("Application");
  if (action !== "read" && !request.ability.can(action, subject)) throw forbidden(detail);
  return found;
}

/** The applications the caller may read, as a WHERE clause: their company's, within the groups their roles reach. */
export const readableApplications = (request: FastifyRequest) =>
  and(eq(applications.companyId, request.user.companyId), scopeOf(request.ability, "read", "Application", applications))!;

/**
 * The sort keys of the applications list. Workflow keys order by stored ranks, so that the
 * (company, rank, id) indexes serve the ordering; owner and next review may be blank and sort those last.
 */
function applicationSorting(searching: boolean): ListSorting {
  return {
    keys: {
      // A search sorts its matches (found through the trigram indexes) instead of walking the name index
      // and filtering: with a selective term that walk reads most of the table for one page.
      name: searching ? sql`lower(${applications.name}) || ''` : sql`lower(${applications.name})`,
      risk_tier: applications.riskRank,
      approval_status: applications.approvalRank,
      development_status: applications.developmentRank,
      owner: { by: sql`lower(${ownerName})`, nulls: "last" },
      next_review_due: { by: applications.nextReviewDue, nulls: "last" },
      created_at: applications.createdAt,
      updated_at: applications.updatedAt,
    },
    default: "name",
    id: applications.id,
  };
}

/**
 * A search's matches come from the trigram indexes; the other filters are then checked on those rows.
 * Written as `column || ''` they cannot use their own (company, column) indexes: the planner would
 * otherwise AND the trigram bitmap with one spanning half the company's rows, several times the cost.
 */
const checkedOnMatches = (column: AnyPgColumn, searching: boolean): SQL => (searching ? sql`(${column} || '')` : sql`${column}`);

function filtersOf(query: ListFilters<ApplicationListQuery>): SQL[] {
  const filters: SQL[] = [];
  const searching = Boolean(query.q);
  const column = (c: AnyPgColumn) => checkedOnMatches(c, searching);
  if (query.q) filters.push(or(ilike(applications.name, likePattern(query.q)), ilike(applications.description, likePattern(query.q)))!);
  if (query.risk_tier?.length) {
    const tiers = query.risk_tier.filter((t) => t !== NOT_ASSESSED) as (typeof RISK_TIERS)[number][];
    const parts: SQL[] = [];
    if (tiers.length) parts.push(inArray(column(applications.riskTier), tiers));
    if (query.risk_tier.includes(NOT_ASSESSED)) parts.push(isNull(applications.riskTier));
    filters.push(or(...parts)!);
  }
  if (query.approval_status?.length) filters.push(inArray(column(applications.approvalStatus), query.approval_status));
  if (query.development_status?.length) filters.push(inArray(column(applications.developmentStatus), query.development_status));
  if (query.owner?.length) filters.push(inArray(applications.ownerId, query.owner));
  return filters;
}

/** The applications the caller can read, filtered as asked: what the list's export reads. */
export function applicationList(db: Db, request: FastifyRequest, query: ListFilters<ApplicationListQuery>): ListSource<ApplicationWithOwner<ApplicationViewRow>, Application> {
  return {
    table: applications,
    where: and(readableApplications(request), ...filtersOf(query)),
    sorting: applicationSorting(Boolean(query.q)),
    select: (extra) => selectApplicationViews(db, extra).$dynamic(),
    ids: (sort) => applicationIds(db, sort),
    toItems: (rows) => rows.map((r) => toApplication(r)),
  };
}

/** The ids of applications in a `sort`'s order: the owners are joined only to sort by them (otherwise the join is planning time for nothing). */
function applicationIds(db: Db, sort: string | undefined) {
  const pass = db.select({ id: applications.id }).from(applications).$dynamic();
  return sort?.replace(/^-/, "") === "owner" ? pass.leftJoin(users, eq(users.id, applications.ownerId)) : pass;
}

/** One page of the applications the caller can read, filtered and sorted as asked, with its total. */
export async function listApplications(db: Db, request: FastifyRequest, query: ApplicationListQuery): Promise<{ items: Application[] } & ListTotal> {
  const list = applicationList(db, request, query);
  const { where, sorting } = list;
  if (query.q) {
    // A search reads and sorts every match anyway: the same pass counts them, exactly. That pass
    // carries ids only; the page's rows are then read by primary key.
    const { limit, offset } = pageOf(query);
    // The owners are joined only to sort by them: otherwise the join is planning time for nothing.
    const pass = db.select({ id: applications.id, matches: windowCount }).from(applications).$dynamic();
    const sortedByOwner = query.sort?.replace(/^-/, "") === "owner";
    const matches = await (sortedByOwner ? pass.leftJoin(users, eq(users.id, applications.ownerId)) : pass)
      .where(where)
      .orderBy(...orderOf(sorting, query.sort))
      .limit(limit)
      .offset(offset);
    const found = matches.length ? await selectApplicationViews(db).where(inArray(applications.id, matches.map((m) => m.id))) : [];
    const byId = new Map(found.map((r) => [r.row.id, r]));
    const rows = matches.flatMap((m) => byId.get(m.id) ?? []);
    const totals = await countedTotal(matches[0]?.matches, query, () => listTotal(db, applications, where));
    return { items: rows.map((r) => toApplication(r)), ...totals };
  }
  // The owner join only names owners on the page; counting needs none of it.
  return listItems(db, list, query);
}

export const NAME_TAKEN = () => conflict("An application with this name already exists.", [{ path: "name", message: "validation.nameTaken" }]);

/** A single application as GET and PUT answer it: with the vendors it lists. */
export async function withVendors(db: Db, found: ApplicationWithOwner) {
  return toApplication(found, await listedVendors(db, found.row.id));
}

/** The application as a single read answers it, by id (the caller has already been checked). */
export async function applicationView(db: Db, id: string) {
  const [found] = await selectApplications(db).where(eq(applications.id, id));
  return withVendors(db, found);
}

/** 404 unless the owner is a user of the company (no owner is fine). */
export async function assertOwnerInCompany(db: Db, companyId: string, ownerId: string | null | undefined) {
  if (!ownerId) return;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), eq(users.companyId, companyId)));
  if (!owner) throw notFound("Owner");
}

/**
 * Applies a PUT: an approval move, a development move, or an edit (a body with only that status moves it),
 * at the expected version if the caller sent one. The caller has checked the owner (assertOwnerInCompany).
 */
export async function changeApplication(db: Db, storage: Storage, user: CurrentUser, id: string, body: ApplicationUpdate, expected: ExpectedVersions): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // Claiming the version locks the row: two moves or edits at once apply one after the other, each to what the other left.
      const claimed = await claimVersion(tx, applications, eq(applications.id, id), expected);
      if (claimed === undefined) throw notFound("Application");
      const [{ row, groupIds }] = await tx.select({ row: applications, groupIds: groupIdsOf(applications.id) }).from(applications).where(eq(applications.id, id));
      if (body.approval_status !== undefined) await applyApprovalMove(tx, storage, row, groupIds, body.approval_status, user, actorOf(user));
      else if (body.development_status !== undefined) await applyDevelopmentMove(tx, row, body.development_status, actorOf(user));
      else await applyEdit(tx, row, body, actorOf(user));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw NAME_TAKEN();
    throw error;
  }
}
