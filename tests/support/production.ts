import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type AuthenticationResultType,
} from "@aws-sdk/client-cognito-identity-provider";
import { S3Client } from "@aws-sdk/client-s3";
import { DEMO_PASSWORD, seedDemoData } from "../../server/db/seed";
import { cognitoAdmin } from "../../server/identity/admin-cognito";
import type { Provisioned } from "../../scripts/aws/provision";
import { MOTO_CREDENTIALS, MOTO_REGION, provisionMoto, startMoto, useMotoCredentials, type MotoServer } from "./moto";
import { createTestApp, type TestApp } from "./test-app";

/**
 * Steward in production mode for an API test: its Cognito and S3 are a moto_server of the file's own (reached
 * through `endpoint`, which a test may put a proxy on), the demo company seeded with its users made in the pool
 * as `npm run db:seed` makes them, the database PGlite or (TEST_DATABASE_URL) PostgreSQL.
 */
export interface ProductionWorld {
  moto: MotoServer;
  made: Provisioned;
  t: TestApp;
  /** The pool's API, as a browser or another client reaches it. */
  cognito: CognitoIdentityProviderClient;
  s3: S3Client;
  /** A pool user's tokens through USER_PASSWORD_AUTH (the browser's flow); throws on a challenge. */
  signIn(email: string, password?: string): Promise<AuthenticationResultType>;
  /** The browser's upload: the presigned form's fields, then the file, posted to wherever the form says. */
  postForm(upload: { url: string; fields: Record<string, string> }, bytes: Buffer, name: string): Promise<Response>;
  close(): Promise<void>;
}

/** `endpoint`: where Steward reaches moto (a proxy in front of it, say); moto itself when left out. */
export async function productionWorld(options: { endpoint?: (moto: MotoServer) => Promise<string> } = {}): Promise<ProductionWorld> {
  useMotoCredentials();
  const moto = await startMoto();
  const made = await provisionMoto(moto, "http://localhost:8080");
  const endpoint = (await options.endpoint?.(moto)) ?? moto.endpoint;
  const dataDir = await mkdtemp(path.join(tmpdir(), "steward-production-"));
  const env = { ...made.env, COGNITO_ENDPOINT: endpoint, S3_ENDPOINT: endpoint, DATA_DIR: dataDir, PROCESSING_INTERVAL_MS: "600000" };
  let t: TestApp;
  try {
    t = await createTestApp({ env, seed: false });
  } catch (error) {
    await moto.close();
    throw error;
  }
  await seedDemoData(t.database.db, { cognitoPool: cognitoAdmin(t.config), applications: false });
  const client = { region: MOTO_REGION, endpoint: moto.endpoint, credentials: MOTO_CREDENTIALS };
  const cognito = new CognitoIdentityProviderClient(client);
  const s3 = new S3Client({ ...client, forcePathStyle: true });
  return {
    moto,
    made,
    t,
    cognito,
    s3,
    async signIn(email, password = DEMO_PASSWORD) {
      const answer = await cognito.send(new InitiateAuthCommand({ ClientId: made.clientId, AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD: password } }));
      if (!answer.AuthenticationResult) throw new Error(`sign-in as ${email} asked for ${answer.ChallengeName}`);
      return answer.AuthenticationResult;
    },
    postForm(upload, bytes, name) {
      const form = new FormData();
      for (const [field, value] of Object.entries(upload.fields)) form.append(field, value);
      form.append("file", new Blob([new Uint8Array(bytes)]), name);
      return fetch(upload.url, { method: "POST", body: form });
    },
    async close() {
      cognito.destroy();
      s3.destroy();
      await t.close();
      await moto.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Answers the first sign-in's NEW_PASSWORD_REQUIRED challenge as the browser's new-password page does. */
export async function choosePassword(world: ProductionWorld, email: string, temporary: string, chosen: string): Promise<AuthenticationResultType> {
  const first = await world.cognito.send(
    new InitiateAuthCommand({ ClientId: world.made.clientId, AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: email, PASSWORD: temporary } }),
  );
  if (first.ChallengeName !== "NEW_PASSWORD_REQUIRED") throw new Error(`expected NEW_PASSWORD_REQUIRED, got ${first.ChallengeName ?? "tokens"}`);
  const answer = await world.cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: world.made.clientId,
      ChallengeName: "NEW_PASSWORD_REQUIRED",
      Session: first.Session,
      ChallengeResponses: { USERNAME: first.ChallengeParameters?.USERNAME ?? email, NEW_PASSWORD: chosen },
    }),
  );
  if (!answer.AuthenticationResult) throw new Error(`the new password was answered with ${answer.ChallengeName}`);
  return answer.AuthenticationResult;
}
