import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../../server/db/client";

/** Every table of the application's schema, in a stable order (drizzle's own bookkeeping lives elsewhere). */
export async function applicationTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

/** Bookkeeping that authenticating alone updates (an API client's last use), whatever the request then asks. */
const BOOKKEEPING_COLUMNS = ["last_used_at"];

/** One md5 per table over all its rows: equal digests mean no row was added, removed or changed. */
export async function tableDigests(db: Db, tables: string[]): Promise<Record<string, string>> {
  const skipped = sql.raw(`array[${BOOKKEEPING_COLUMNS.map((c) => `'${c}'`).join(", ")}]`);
  const parts = tables.map(
    (t) => sql`select ${t} as name, md5(coalesce(string_agg(row_text, ',' order by row_text), '')) as digest
      from (select (to_jsonb(r) - ${skipped}::text[])::text as row_text from ${sql.identifier(t)} r) rows`,
  );
  const rows = await queryRows<{ name: string; digest: string }>(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}
