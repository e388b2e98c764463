import { sql, type SQL } from "drizzle-orm";

/**
 * The generated applications are addressed by their number g = 1 … count: the id of number g is a UUID made
 * from the company and g, so every later statement finds "application g" (and its demo original, number
 * g mod n of the demo applications in name order) from generate_series alone, without reading ids into Node.
 */
export interface Generated {
  companyId: string;
  count: number;
  /** The demo company's own applications, the originals (a dozen). */
  demoIds: readonly string[];
}

/**
 * The id of generated application number `g` (an SQL expression over `g`): the MD5 of the company and g, with
 * the version (4) and variant (8) digits set, so it is a well-formed UUID as the API's schemas check them.
 */
export const generatedId = (companyId: string, g: SQL): SQL =>
  sql`overlay(overlay(md5(${companyId}::text || ':scale-application:' || (${g})::text) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * The generated applications as rows (g, id): `select … from ${generatedRows(…)} as x` (columns x.g, x.id).
 * Numbers only, so it stays one set-returning function however many applications there are.
 */
export const generatedRows = ({ companyId, count }: Generated): SQL =>
  sql`(select g, ${generatedId(companyId, sql`g`)} as id from generate_series(1, ${count}::int) as g)`;

/** The demo company's own applications (ids given) in name order (columns d.*, k = 0 … n − 1, n): the originals the copies follow. */
export const demoRows = (demoIds: readonly string[]): SQL =>
  sql`(select a.*, (row_number() over (order by a.name) - 1)::int as k, (count(*) over ())::int as n
       from applications a where a.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(demoIds)}::jsonb)))`;

/** An SQL text array literal of constant values (the domain's enums), to pick from by position. */
export const textArray = (values: readonly string[]): SQL => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")}]::text[]`);

/** Element `i` (0-based, any integer expression) of a constant list, cycling. */
export const pick = (values: readonly string[], i: SQL): SQL => sql`(${textArray(values)})[1 + ((${i}) % ${values.length})]`;
