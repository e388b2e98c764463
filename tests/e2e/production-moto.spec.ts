import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test as base } from "@playwright/test";
import pg from "pg";
import { freePort } from "../support/free-port";
import { startHttpProxy, type HttpProxy } from "../support/http-proxy";
import { MOTO_CREDENTIALS, MOTO_REGION, provisionMoto, startMoto, type MotoServer } from "../support/moto";
import { startStewardProcess } from "../support/steward-process";
import { AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { freshTotpCode, totpCode } from "./identity-support";
import { expectSignedIn, signIn, signOut } from "./support";

/**
 * Production mode in the browser: PostgreSQL, Cognito and S3 (moto_server), two Steward processes behind a load
 * balancer without stickiness (each request to the next one), and nothing of their own in common: each has its own
 * DATA_DIR. The browser signs in with Amplify against the pool, posts files straight to the bucket, and goes on
 * with whichever process answers.
 */
interface ProductionSite {
  moto: MotoServer;
  balancer: HttpProxy;
  publicUrl: string;
  poolId: string;
}


const test = base.extend<object, { site: ProductionSite }>({
  site: [
    async ({}, use) => {
      // Undone in reverse whatever happens, a failed start included: nothing outlives the worker.
      const undo: Array<() => Promise<unknown>> = [];
      try {
        const moto = await startMoto();
        undo.push(() => moto.close());
        const [balancerPort, ...ports] = [await freePort(), await freePort(), await freePort()];
        const publicUrl = `http://localhost:${balancerPort}`;
        const made = await provisionMoto(moto, publicUrl);
        const databaseUrl = await createDatabase(undo);
        const aws = { AWS_ACCESS_KEY_ID: MOTO_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: MOTO_CREDENTIALS.secretAccessKey };
        // `npm run db:seed`, as an operator seeds production: the demo users are made in the pool.
        const seeded = spawnSync(process.execPath, ["--import", "tsx", "server/db/seed/cli.ts"], { env: { ...process.env, ...made.env, ...aws, DATABASE_URL: databaseUrl }, encoding: "utf8" });
        expect(seeded.stdout, seeded.stderr).toContain(`its users sign in through the Cognito user pool ${made.poolId}`);
        const shared = {
          ...made.env,
          ...aws,
          DATABASE_URL: databaseUrl,
          PUBLIC_URL: publicUrl,
          IDENTITY_SECRET_KEY: randomBytes(32).toString("base64url"),
          MODEL_ENDPOINT_TOKEN_KEY: randomBytes(32).toString("base64url"),
          PROCESSING_INTERVAL_MS: "500",
          LOG_LEVEL: "warn",
        };
        // One after the other: two starts at once on a busy two-core machine can outlast Fastify's plugin timeout.
        const addresses: string[] = [];
        for (const port of ports) {
          const dataDir = await mkdtemp(path.join(tmpdir(), "steward-production-"));
          undo.push(() => rm(dataDir, { recursive: true, force: true }));
          const steward = await startStewardProcess(port, { ...shared, DATA_DIR: dataDir });
          undo.push(() => steward.stop());
          addresses.push(steward.address);
        }
        const balancer = await startHttpProxy(addresses, balancerPort);
        undo.push(() => balancer.close());
        await use({ moto, balancer, publicUrl, poolId: made.poolId });
      } finally {
        for (const step of undo.reverse()) await step().catch(() => {});
      }
    },
    { scope: "worker", timeout: 300_000 },
  ],
  baseURL: async ({ site }, use) => use(site.publicUrl),
});

/** The PostgreSQL the API tests use in CI; TEST_DATABASE_URL names another. */
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";

/** A throwaway database on the PostgreSQL of TEST_DATABASE_URL (two processes must share one), dropped by `undo`. */
async function createDatabase(undo: Array<() => Promise<unknown>>): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES;
  const name = `steward_production_${randomBytes(6).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  undo.push(() => run(`drop database if exists ${name} with (force)`));
  return Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
}

/** 120 decisions: men 36 of 60 shortlisted, women 18 of 60: women's impact ratio 0.500, adverse impact. */
function decisions(): Buffer {
  const rows = ["applicant,sex,shortlisted"];
  for (let i = 0; i < 60; i++) rows.push(`M${i},Male,${i < 36 ? 1 : 0}`);
  for (let i = 0; i < 60; i++) rows.push(`F${i},Female,${i < 18 ? 1 : 0}`);
  return Buffer.from(rows.join("\n") + "\n");
}

test.describe("production mode: PostgreSQL, Cognito and S3 (moto_server), two Steward processes", () => {
  // Whole journeys through two processes, moto_server and PostgreSQL on a shared two-core machine.
  test.describe.configure({ timeout: 240_000 });

  test("sign in, add an application, upload its decisions to the bucket, test them, read the results, sign out", async ({ page, context, site }) => {
    const toMoto: string[] = [];
    page.on("request", (request) => void (request.url().startsWith(site.moto.endpoint) && toMoto.push(`${request.method()} ${new URL(request.url()).pathname}`)));
    const name = `Shortlister ${Date.now()}`;

    await signIn(page, "admin@steward.test");
    await expectSignedIn(page);
    // Amplify signed in against the pool itself.
    expect(toMoto).toContain("POST /");

    await page.getByRole("button", { name: "Add application" }).click();
    const add = page.getByRole("dialog", { name: "Add an AI application" });
    await add.getByRole("textbox", { name: /Name/ }).fill(name);
    await add.getByRole("button", { name: "Add application" }).click();
    await expect(page).toHaveURL(/\/applications\/detail\/[0-9a-f-]{36}/);

    await page.getByRole("tab", { name: "Testing" }).click();
    await page.getByRole("button", { name: "New test" }).click();
    const dialog = page.getByRole("dialog", { name: "New fairness test" });
    await dialog.getByRole("textbox", { name: /Name/ }).fill("Shortlist audit");
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Upload a file" }).click();
    await (await chooser).setFiles({ name: "shortlist.csv", mimeType: "text/csv", buffer: decisions() });
    // Checked by whichever process's worker took it, read back from the bucket for the preview.
    await expect(dialog.getByText("shortlist.csv is uploaded and chosen.")).toBeVisible({ timeout: 30_000 });
    expect(toMoto.filter((r) => r.startsWith("POST /steward-"))).toHaveLength(1);
    await expect(dialog.getByRole("table", { name: "First rows of the file" })).toContainText("M0");
    await dialog.getByRole("combobox", { name: /Outcome column/ }).click();
    await page.getByRole("option", { name: "shortlisted", exact: true }).click();
    await dialog.getByRole("combobox", { name: /^Sex/ }).click();
    await page.getByRole("option", { name: "sex", exact: true }).click();
    await dialog.getByRole("button", { name: "Start test" }).click();

    await expect(page.getByText("The test is finished: 120 rows analysed.")).toBeVisible({ timeout: 60_000 });
    await page.getByRole("link", { name: "Open the results" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Shortlist audit" })).toBeVisible();
    const women = page.getByRole("row", { name: /^Female/ }).first();
    await expect(women).toContainText("0.500");
    await expect(women).toContainText(/Adverse impact/i);

    // The same file in the application's documents, shown by the viewer from the bucket.
    await page.goBack();
    await page.goBack();
    await page.getByRole("tab", { name: "Documents" }).click();
    await expect(page.getByRole("row", { name: /shortlist\.csv/ })).toContainText("Ready");
    const [viewer] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "Open shortlist.csv in the viewer" }).click()]);
    await expect(viewer.getByRole("table")).toContainText("F59");
    await viewer.close();

    // moto_server stops mid-journey: the upload is refused in words that name the storage, and leaves nothing behind.
    await site.moto.stop();
    const upload = async (name: string) => {
      const chosen = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Upload document" }).click();
      await (await chosen).setFiles({ name, mimeType: "text/csv", buffer: Buffer.from("metric,value\naccuracy,0.94\n") });
    };
    await upload("metrics.csv");
    await expect(page.getByRole("alert")).toHaveText(
      "metrics.csv could not be uploaded: The file storage cannot be reached right now, so the document was not added. Please try again in a few minutes.",
    );
    await page.reload();
    await expect(page.getByRole("row", { name: /shortlist\.csv/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /metrics\.csv/ })).toHaveCount(0);
    // Back with what it held, the same upload goes through.
    await site.moto.restart();
    await upload("metrics.csv");
    await expect(page.getByRole("row", { name: /metrics\.csv/ })).toContainText("Ready", { timeout: 30_000 });

    await signOut(page);
    await page.goto("/applications");
    await expect(page).toHaveURL(/\/signin/);
    // Both processes served the one session, request by request.
    expect(Math.min(...site.balancer.served)).toBeGreaterThan(10);
  });

  test("an invited person signs in with Cognito's temporary password, chooses their own, and turns on an authenticator app the next sign-in asks for", async ({ page, site }) => {
    const email = `pat.${Date.now()}@steward.test`;
    await signIn(page, "admin@steward.test");
    await expectSignedIn(page);
    await page.goto("/manage-users");
    await page.getByRole("button", { name: "Create user" }).click();
    const create = page.getByRole("dialog", { name: "Create user" });
    await create.getByRole("textbox", { name: /E-mail/ }).fill(email);
    await create.getByRole("textbox", { name: /First name/ }).fill("Pat");
    await create.getByRole("textbox", { name: /Last name/ }).fill("Pool");
    await create.getByRole("button", { name: "Create user" }).click();
    await expect(page.getByText(`User created. A temporary password was e-mailed to ${email}.`)).toBeVisible();
    await signOut(page);

    // Cognito e-mails a temporary password of its own; moto neither makes one up nor sends mail, so the test
    // gives the pool user the password that mail would carry.
    const cognito = new CognitoIdentityProviderClient({ region: MOTO_REGION, endpoint: site.moto.endpoint, credentials: MOTO_CREDENTIALS });
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: site.poolId, Username: email, Password: "Temporary-Pass-2026", Permanent: false }));
    cognito.destroy();

    await signIn(page, email, "Temporary-Pass-2026");
    await expect(page).toHaveURL(/\/signin-confirm$/);
    await page.getByLabel("New password").fill("Pat-Pool-Password-2026");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Set password and continue" }).click();
    await expect(page).toHaveURL(/\/limited-access$/);

    await page.goto("/settings");
    const security = page.getByRole("region", { name: "Sign-in security" });
    await security.getByRole("button", { name: "Set up authenticator app" }).click();
    const dialog = page.getByRole("dialog", { name: "Set up an authenticator app" });
    const secret = await dialog.getByRole("textbox", { name: "Secret key" }).inputValue();
    const setupCode = totpCode(secret);
    await dialog.getByRole("textbox", { name: /6-digit code/ }).fill(setupCode);
    await dialog.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(dialog).toBeHidden();
    await expect(security.getByRole("button", { name: "Turn off authenticator app" })).toBeVisible();
    await signOut(page);

    await signIn(page, email, "Pat-Pool-Password-2026");
    await expect(page.getByRole("heading", { name: "Enter your authenticator code" })).toBeVisible();
    // A code is good once at AWS (moto does not check): the next window's.
    await page.getByLabel("6-digit code").fill(await freshTotpCode(secret, setupCode));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/limited-access$/);
  });
});
