/**
 * `npm run access:restore -- <e-mail> [--admin] [--disable-sso]`: gives a locked-out person a way back in.
 * With the embedded database, stop Steward first (the database has one process at a time).
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { StartError } from "../start-error";
import { restoreAccess, RestoreRefused } from "./restore-access";

const USAGE = `Usage: npm run access:restore -- <e-mail> [--admin] [--disable-sso]

  <e-mail>        the person who needs to sign in again
  --admin         also make them an Administrator of their company
  --disable-sso   also turn off every corporate identity provider of their company

With the built-in sign-in service the person gets a temporary password (printed here, to be changed at the
next sign-in) and loses their second factors and passkeys, so they can sign in with the password alone and set
them up again. With Amazon Cognito, reset the password in Cognito (aws cognito-idp admin-set-user-password).`;

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { admin: { type: "boolean" }, "disable-sso": { type: "boolean" }, help: { type: "boolean" } } });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    const result = await restoreAccess(database.db, {
      email: positionals[0],
      grantAdmin: values.admin === true,
      disableSso: values["disable-sso"] === true,
      resetCredentials: config.identityMode === "local",
    });
    const lines = [`Access restored for ${positionals[0]} (${result.company}).`];
    if (result.temporaryPassword) lines.push(`Temporary password: ${result.temporaryPassword}  (second factors and passkeys removed; a new password is chosen at sign-in)`);
    else lines.push("Amazon Cognito keeps the password: reset it there if it is lost.");
    if (values.admin) lines.push(result.grantedAdmin ? "Granted the Administrator role on the company-wide group." : "Already an Administrator.");
    if (values["disable-sso"]) lines.push(result.disabledProviders.length ? `Turned off corporate sign-in: ${result.disabledProviders.join(", ")}.` : "No corporate identity provider was on.");
    console.log(lines.join("\n"));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof RestoreRefused || error instanceof StartError) console.error(`Cannot restore access: ${error.message}`);
  else console.error("Cannot restore access:", error);
  process.exit(1);
});
