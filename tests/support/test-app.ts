import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { FastifyInstance, RouteOptions } from "fastify";
import { buildApp } from "../../server/app";
import { loadConfig, type Config } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/client";
import { runMigrations } from "../../server/db/migrate";
import { seedDemoData } from "../../server/db/seed";
import { LogCapture } from "./log-capture";
import { useAuditChainKey } from "../../server/audit/key";

/** The audit chain key of every test app and database in a test process (one key per process, as in a server). */
export const TEST_AUDIT_CHAIN_KEY = "a1".repeat(32);

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's log lines, as written. */
  log: LogCapture;
  close(): Promise<void>;
}

/**
 * A fresh database per call: in-memory PGlite, or — when TEST_DATABASE_URL is set — a
 * throwaway database on that PostgreSQL server, dropped again on close.
 */
export async function createTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  useAuditChainKey(Buffer.from(TEST_AUDIT_CHAIN_KEY, "hex"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ memory: true });
    await runMigrations(database);
    return { database, drop: async () => {} };
  }
  const name = `steward_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await runMigrations(database);
  return {
    database,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    demoApplications?: boolean;
    onRoute?: (route: RouteOptions) => void;
    /** Adds test-only routes (a handler that fails, say) to the built app before it is ready. */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
    /** A built web app to serve (none by default). */
    spaRoot?: string;
  } = {},
): Promise<TestApp> {
  const config = loadConfig(
    // No test asks the machine's DNS: a domain check meets no resolver (port 9) unless a test runs its own.
    {
      DATA_DIR: path.join(tmpdir(), "steward-test-data"),
      AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
      RATE_LIMIT_MAX: "100000",
      LOG_LEVEL: "debug",
      DNS_RESOLVER: "127.0.0.1:9",
      ...options.env,
    },
    "",
  );
  const { database, drop } = await createTestDatabase();
  if (options.seed !== false) await seedDemoData(database.db, { applications: options.demoApplications ?? false });
  // Every API test logs at debug into memory; closing fails the file if a line leaked personal data or a secret.
  const log = new LogCapture();
  const app = await buildApp({ config, database, logStream: log, spaRoot: options.spaRoot ?? "/nonexistent", onRoute: options.onRoute });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    log,
    async close() {
      await app.close();
      await drop();
      log.assertClean();
    },
  };
}
