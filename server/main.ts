import { loadConfig, type Config } from "./config";
import { openDatabase, type Database } from "./db/client";
import { runMigrations } from "./db/migrate";
import { seedDemoData, demoSeedOptions, DEMO_PASSWORD } from "./db/seed";
import { seedDemoDocuments } from "./db/seed/documents";
import { seedDemoSso } from "./db/seed/sso";
import { seedDemoApprovalSnapshots } from "./db/seed/approval-snapshots";
import { DEMO_ACCOUNTS } from "./db/seed/accounts";
import { buildApp } from "./app";
import { buildSpaIfStale } from "./spa-build";
import { StartError } from "./start-error";
import path from "node:path";
import { createServer } from "node:net";
import { loadOrCreateSigningKey } from "./identity/keys";
import { readAuditChainKey, useAuditChainKey } from "./audit/key";
import { FileOutbox } from "./identity/outbox";
import type { IdentityOptions } from "./identity/plugin";
import { DEMO_SSO_PERSON, demoIdpEnabled } from "./identity/sso/demo-idp/plugin";

const SHUTDOWN_GRACE_MS = 10_000;

async function start() {
  const config = loadConfig();
  await checkAddress(config);
  if (!process.argv.includes("--no-build")) buildSpaIfStale((line) => console.log(line));
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  // Before the migrations: their one-time audit step appends keyed entries (server/audit/backfill.ts).
  await loadChainKey(config);
  await runMigrations(database);
  const seeded =
    config.SEED_DEMO && !config.DATABASE_URL ? (await seedDemoData(database.db, demoSeedOptions(config))).seeded : false;
  const app = await buildApp({ config, database, identity: await localIdentityFiles(config) });
  // Documents live in the app's storage, so the demo's are added once the app exists; then the snapshots of the
  // demo's decisions, which hash the files they find.
  if (seeded) {
    await seedDemoDocuments(app);
    await seedDemoApprovalSnapshots(app);
    await seedDemoSso(app);
  }
  await listen(app, config, database);
  announce(config, seeded);
  handleSignals(app);
}

async function loadChainKey(config: Config): Promise<void> {
  try {
    useAuditChainKey(await readAuditChainKey(config));
  } catch (error) {
    throw new StartError(`The audit chain key cannot be read: ${(error as Error).message} (DATA_DIR is ${config.DATA_DIR})`);
  }
}

/** The local identity service keeps its signing key and outbox in DATA_DIR, so tokens and mails survive restarts. */
async function localIdentityFiles(config: Config): Promise<IdentityOptions> {
  if (config.identityMode !== "local") return {};
  try {
    return {
      signingKey: await loadOrCreateSigningKey(path.join(config.DATA_DIR, "keys")),
      outbox: new FileOutbox(path.join(config.DATA_DIR, "outbox.jsonl")),
    };
  } catch (error) {
    throw new StartError(`${(error as Error).message} (DATA_DIR is ${config.DATA_DIR})`);
  }
}

async function listen(app: Awaited<ReturnType<typeof buildApp>>, config: Config, database: Database) {
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await database.close().catch(() => {});
    throw listenFailure(error, config);
  }
}

/**
 * Tries the address before anything slow (build, migrations, seeding) so a taken port is said at once;
 * the real listen still reports a port taken in between.
 */
async function checkAddress(config: Config) {
  if (config.PORT === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(config.PORT, config.HOST, () => probe.close(() => resolve()));
  }).catch((error: unknown) => {
    throw listenFailure(error, config);
  });
}

function listenFailure(error: unknown, config: Config): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE") return new StartError(`Port ${config.PORT} on ${config.HOST} is already in use: stop the other process or set PORT to a free port.`);
  if (code === "EACCES") return new StartError(`Not allowed to listen on port ${config.PORT}: choose a port above 1024 with PORT.`);
  if (code === "EADDRNOTAVAIL") return new StartError(`HOST ${config.HOST} is not an address of this machine: set HOST to one that is (e.g. 127.0.0.1).`);
  return error;
}

function announce(config: Config, seeded: boolean) {
  const lines = [`Steward is running at ${config.publicUrl}`];
  if (seeded) lines.push("Seeded the demo company \"Demo Co\".");
  // The demo users sign in wherever they were seeded: the local store, or (seeded now) the Cognito pool.
  if (config.identityMode === "local" || seeded) {
    lines.push(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.email.padEnd(26)} ${a.roles}`);
    if (demoIdpEnabled(config)) lines.push(`Corporate sign-in (/sso): ${DEMO_SSO_PERSON.email} at the demo identity provider, same password.`);
  }
  console.log(lines.join("\n"));
}

function handleSignals(app: Awaited<ReturnType<typeof buildApp>>) {
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    setTimeout(() => {
      console.error("Shutdown took too long; exiting.");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

start().catch((error: unknown) => {
  if (error instanceof StartError) console.error(`Steward cannot start: ${error.message}`);
  else console.error("Steward cannot start:", error);
  process.exit(1);
});
