/** `npm run db:seed`: migrates and seeds the configured database (PGlite or DATABASE_URL) when it is empty. */
import { ensureAuditChainKey } from "../../audit/key";
import { loadConfig } from "../../config";
import { openDatabase } from "../client";
import { runMigrations } from "../migrate";
import { StartError } from "../../start-error";
import { demoSeedOptions, seedDemoData } from ".";

async function main() {
  const config = loadConfig();
  // The seed writes audit entries: with the installation's chain key, as the server would.
  await ensureAuditChainKey(config);
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    await runMigrations(database);
    const { seeded } = await seedDemoData(database.db, demoSeedOptions(config));
    if (!seeded) console.log("The database already has data: nothing was seeded.");
    else if (config.identityMode === "cognito") console.log(`Seeded the demo company "Demo Co"; its users sign in through the Cognito user pool ${config.COGNITO_USER_POOL_ID}.`);
    else console.log('Seeded the demo company "Demo Co".');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof StartError ? `Cannot seed: ${error.message}` : error);
  process.exit(1);
});
