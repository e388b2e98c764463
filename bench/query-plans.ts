import pg from "pg";

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

/**
 * The SQL statements (with their parameters) that PostgreSQL receives while `run` runs: the list
 * routes build their queries with Drizzle, so the plan to read is the one of the statement it sends.
 */
export async function capturedQueries(run: () => Promise<unknown>): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
    if (typeof first === "string") captured.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === "object" && "text" in first) captured.push({ text: first.text, values: first.values ?? (Array.isArray(second) ? second : []) });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return captured;
}

/** EXPLAIN (ANALYZE, BUFFERS) of one captured statement, run on its own connection. */
export async function explain(url: string, query: CapturedQuery): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query.text}`, query.values);
    return `${query.text}\n\n${result.rows.map((r) => r["QUERY PLAN"]).join("\n")}`;
  } finally {
    await client.end();
  }
}
