import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The resource groups an application belongs to, read with its row (a correlated subquery over the
 * (resource_id) index: a handful of rows per application). Checks of one record and the rows a page returns
 * carry them, so the abilities' group rules decide on them without anyone loading a group's applications.
 */
export const groupIdsOf = (applicationId: AnyPgColumn) =>
  sql<string[]>`coalesce((select array_agg(rgr.resource_group_id::text order by rgr.resource_group_id) from resource_group_resources rgr where rgr.resource_id = ${applicationId}), '{}'::text[])`;
