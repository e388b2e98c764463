import type { FastifyRequest } from "fastify";
import { sql, type SQL } from "drizzle-orm";
import { MY_WORK_KINDS, type MyWorkCounts, type MyWorkItem, type MyWorkKind, type MyWorkPage, type MyWorkQuery } from "../../domain/entities/my-work";
import { CONTROLS } from "../../domain/frameworks";
import { applicationWork } from "../applications/my-work";
import { queryRows, type Db } from "../db/client";
import { pageOf } from "../db/list";
import { incidentWork } from "../incidents/my-work";
import { testingWork } from "../testing/my-work";
import { kindOrder, type WorkPart, type WorkSource } from "./work-source";

/** Every area that puts work on My Work: a new area adds its source here, My Work itself does not change. */
const WORK_SOURCES: readonly WorkSource[] = [applicationWork, incidentWork, testingWork];

const controlName = new Map(CONTROLS.map((c) => [c.id, `${c.id} ${c.name}`]));
/** The kinds' order as SQL: its position ranks undated work, and dated work of the same day. */
const KIND_ORDER = kindOrder(MY_WORK_KINDS);

/**
 * Every part of the kinds asked for (all when none are), each as `read` takes it (its count, or its first rows,
 * which hold any page that ends by then), unioned.
 */
function workUnion(request: FastifyRequest, kinds: readonly MyWorkKind[] | undefined, read: (part: WorkPart) => SQL): SQL | null {
  const moment = { now: new Date() };
  const wanted = new Set(kinds?.length ? kinds : MY_WORK_KINDS);
  const parts = WORK_SOURCES.flatMap((source) => Object.entries(source(request, moment)) as Array<[string, WorkPart]>)
    .filter(([kind]) => wanted.has(kind as MyWorkKind))
    .map(([, part]) => sql`(${read(part)})`);
  return parts.length ? sql.join(parts, sql` union all `) : null;
}

interface WorkRow extends Record<string, unknown> {
  kind: MyWorkKind;
  app_id: string;
  app_name: string;
  app_tier: MyWorkItem["application"]["risk_tier"];
  subject_id: string | null;
  subject_name: string | null;
  due_date: string | null;
}

const detailLink = (id: string, tab?: string) => `/applications/detail/${id}${tab ? `?tab=${tab}` : ""}`;

function linkOf(row: WorkRow): string {
  if (row.kind === "control" || row.kind === "evidence") return detailLink(row.app_id, "controls");
  if (row.kind === "incident_report") return `/incidents/detail/${row.subject_id}`;
  if (row.kind === "fairness_test_due") return detailLink(row.app_id, "testing");
  return detailLink(row.app_id);
}

function toItem(row: WorkRow): MyWorkItem {
  const subjectName = row.kind === "control" ? (controlName.get(row.subject_id!) ?? row.subject_id!) : row.subject_name;
  return {
    kind: row.kind,
    application: { id: row.app_id, name: row.app_name, risk_tier: row.app_tier },
    subject: row.subject_id === null ? null : { id: row.subject_id, name: subjectName ?? row.subject_id },
    due_date: row.due_date,
    link: linkOf(row),
  };
}

/** How much of each kind waits for the caller, in one grouped query, the kinds most urgent first. */
export async function myWorkCounts(db: Db, request: FastifyRequest, kinds?: readonly MyWorkKind[]): Promise<MyWorkCounts> {
  const union = workUnion(request, kinds, (part) => part.count);
  if (!union) return { kinds: [], total: 0 };
  const rows = await queryRows<{ kind: MyWorkKind; count: number; first_due_date: string | null }>(
    db,
    sql`select kind, count, first_due_date from (${union}) work
        where count > 0 order by first_due_date collate "C" asc nulls last, array_position(${KIND_ORDER}, kind)`,
  );
  const counted = rows.map((r) => ({ kind: r.kind, count: Number(r.count), first_due_date: r.first_due_date }));
  return { kinds: counted, total: counted.reduce((sum, r) => sum + r.count, 0) };
}

/**
 * One page of what waits for the caller, most urgent first (domain `byUrgency`: dated work by date, then by
 * kind, then by application name), ordered and cut by the database; `total` is the kinds' counts summed.
 */
export async function myWorkPage(db: Db, request: FastifyRequest, query: MyWorkQuery): Promise<MyWorkPage> {
  const { page, page_size } = query;
  const { limit, offset } = pageOf({ page, page_size });
  const union = workUnion(request, query.kind, (part) => part.first(offset + limit));
  if (!union) return { items: [], total: 0, page, page_size };
  const [counts, rows] = await Promise.all([
    myWorkCounts(db, request, query.kind),
    queryRows<WorkRow>(
      db,
      // Ids last: pages never overlap or skip rows that tie on everything shown.
      sql`select * from (${union}) work
          order by due_date collate "C" asc nulls last, array_position(${KIND_ORDER}, kind), lower(app_name) collate "C", app_name collate "C",
                   app_id, subject_id collate "C"
          limit ${limit} offset ${offset}`,
    ),
  ]);
  return { items: rows.map(toItem), total: counts.total, page, page_size };
}
