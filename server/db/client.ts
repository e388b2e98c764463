import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql, type SQLWrapper } from "drizzle-orm";
import pg from "pg";
import * as schema from "./schema";
import { acquireDirectoryLock, type DirectoryLock } from "./directory-lock";
import { StartError } from "../start-error";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `fn` on one connection, so session state (advisory locks) holds across its statements. */
  withConnection<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** How the connections are used right now (metrics): PGlite is one connection, with nothing more to tell. */
  connections(): ConnectionUse;
  close(): Promise<void>;
}

export interface ConnectionUse {
  max: number;
  total: number;
  idle?: number;
  /** Queries waiting for a free connection. */
  waiting?: number;
}

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ("url" in target) return openPostgres(target.url);
  if ("dataDir" in target) return openPglite(target.dataDir);
  return wrapPglite(await PGlite.create(PGLITE_OPTIONS), null);
}

/** Contrib extensions the migrations create (trigram search), bundled with PGlite. */
const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm } };

const POOL_MAX = 10;

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX, connectionTimeoutMillis: 5000 });
  // A connection the server drops (restart, failover: 57P01) emits "error": without a listener the
  // process would exit. The pool discards such a client and opens a new one on the next query, so
  // there is nothing to do here beyond not crashing; the failed request itself answers 503.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const where = safeUrl(url);
    throw new StartError(
      `Cannot reach PostgreSQL at ${where}: ${(error as Error).message}. Check DATABASE_URL and that the server is running.`,
    );
  }
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async withConnection(fn) {
      const client = await pool.connect();
      let failure: unknown;
      try {
        return await fn(drizzlePg({ client, schema, casing: "snake_case" }) as unknown as Db);
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        // A connection that failed may hold session state (an advisory lock) or be dead: never reuse it.
        client.release(failure instanceof Error ? failure : undefined);
      }
    },
    connections: () => ({ max: POOL_MAX, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // Closing twice (a caller, then the app) is not a failure.
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const lock = await acquireDirectoryLock(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(`${dataDir}/db`, PGLITE_OPTIONS);
    await client.query("select 1");
  } catch (error) {
    await lock.release();
    throw new StartError(
      `The embedded database in ${dataDir}/db cannot be opened (${describe(error)}). ` +
        `It may be corrupt or from another version: move the folder away to start fresh, or set DATA_DIR to another folder.`,
    );
  }
  return wrapPglite(client, lock);
}

function wrapPglite(client: PGlite, lock: DirectoryLock | null): Database {
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
  // PGlite is one connection: serialise the callers that need session state.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    kind: "pglite",
    withConnection(fn) {
      const run = queue.then(() => fn(db));
      queue = run.catch(() => {});
      return run;
    },
    connections: () => ({ max: 1, total: 1 }),
    async close() {
      // Closing twice (a caller, then the app) is not a failure.
      if (!client.closed) await client.close();
      await lock?.release();
    },
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0].slice(0, 200) || "unknown error";
}

function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "the configured URL";
  }
}

/** Raw SQL rows: both drivers answer `{ rows }`, but the shared Db type cannot say so. */
export async function queryRows<T extends Record<string, unknown>>(db: Pick<Db, "execute">, query: SQLWrapper): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
