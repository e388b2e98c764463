import type { FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import type { ApplicationListQuery } from "../../domain/entities/application";
import { tierLabelKey } from "../../domain/risk";
import { approvalStatusLabelKey, developmentStatusLabelKey } from "../../domain/workflow";
import type { Db } from "../db/client";
import { listBatches, type ListFilters, type ListSource } from "../db/list";
import { applications, users } from "../db/schema";
import { dateColumn, instantColumn, labelColumn, textColumn, type ExportColumn } from "../exports/columns";
import { applicationList, ownerName } from "./store";

/**
 * What an export reads of an application: the columns it can write and nothing else. Not the API's item: its
 * groups (a subquery per row) and classification are work a file of 100,000 rows has no column for.
 */
const exportedColumns = {
  name: applications.name,
  description: applications.description,
  riskTier: applications.riskTier,
  approvalStatus: applications.approvalStatus,
  developmentStatus: applications.developmentStatus,
  nextReviewDue: applications.nextReviewDue,
  updatedAt: applications.updatedAt,
  createdAt: applications.createdAt,
};

export type ExportedApplication = { [K in keyof typeof exportedColumns]: (typeof applications.$inferSelect)[K] } & { ownerName: string | null };

/** The inventory grid's columns as an export writes them: the grid's fields and headers. */
export const APPLICATION_EXPORT_COLUMNS: readonly ExportColumn<ExportedApplication>[] = [
  textColumn("name", "applications.fields.name", (a) => a.name),
  textColumn("description", "applications.fields.description", (a) => a.description),
  labelColumn("risk_tier", "applications.fields.riskTier", (a) => tierLabelKey(a.riskTier)),
  labelColumn("approval_status", "applications.fields.approvalStatus", (a) => approvalStatusLabelKey(a.approvalStatus)),
  labelColumn("development_status", "applications.fields.developmentStatus", (a) => developmentStatusLabelKey(a.developmentStatus)),
  textColumn("owner", "applications.fields.owner", (a) => a.ownerName),
  dateColumn("next_review_due", "applications.fields.nextReviewDue", (a) => a.nextReviewDue),
  instantColumn("updated_at", "applications.fields.updated", (a) => a.updatedAt.toISOString()),
  instantColumn("created_at", "applications.fields.created", (a) => a.createdAt.toISOString()),
];

/** Rows an export batch reads: its rows are a few short columns, so a batch of this many is still young garbage. */
const EXPORT_BATCH_ROWS = 1000;

/** The list's applications for its export: the list's filter, scope and order, read batch after batch. */
export function exportedApplications(db: Db, request: FastifyRequest, query: ListFilters<ApplicationListQuery>) {
  const list = applicationList(db, request, query);
  const source: ListSource<ExportedApplication, ExportedApplication> = {
    table: list.table,
    where: list.where,
    sorting: list.sorting,
    select: (extra) => db.select({ ...exportedColumns, ownerName, ...extra }).from(applications).leftJoin(users, eq(users.id, applications.ownerId)).$dynamic(),
    toItems: (rows) => rows,
  };
  return listBatches(source, query.sort, EXPORT_BATCH_ROWS);
}
