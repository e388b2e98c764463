import { createHash, generateKeyPairSync, type KeyObject } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { decodeJwt, SignJWT, type JWTPayload } from "jose";
import {
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  DescribeUserPoolClientCommand,
  InitiateAuthCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { applicationDocuments, roles, resourceGroups, users } from "../../server/db/schema";
import { CognitoIdentityAdmin } from "../../server/identity/admin-cognito";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { fileEntryName } from "../../server/company-export/archive";
import { motoSigningKey, MOTO_REGION, provisionMoto } from "../support/moto";
import { choosePassword, productionWorld, type ProductionWorld } from "../support/production";
import { v2Caller } from "../support/tenants";

/**
 * Production mode against moto_server, a real implementation of Cognito's and S3's protocols: the tokens the pool
 * issues (and those it must not be taken for), the life of a user in the pool, API clients as app clients, and
 * files through the bucket — uploaded by presigned POST, checked, read back, tested, exported.
 */
let w: ProductionWorld;
const token: Record<string, string> = {};
const v2 = v2Caller(() => w.t.app, token);

/** Signs `claims` as moto signs its pools' tokens (RS256, its one key): what moto will not issue itself. */
async function signedLikeThePool(claims: JWTPayload, otherKey?: KeyObject): Promise<string> {
  const { kid, key } = motoSigningKey();
  return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid }).sign(otherKey ?? key);
}

beforeAll(async () => {
  w = await productionWorld();
  token.admin = (await w.signIn("admin@steward.test")).AccessToken!;
}, 120_000);

afterAll(async () => {
  await w?.close();
});

describe("production mode on moto: Cognito's tokens", () => {
  it("accepts the pool's access token, whose issuer is AWS's though its keys came from the configured endpoint", async () => {
    const me = await v2("admin", "GET", "/access/user");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: "admin@steward.test", roles: [{ name: "Administrator" }] });
    expect(decodeJwt(token.admin).iss).toBe(`https://cognito-idp.${MOTO_REGION}.amazonaws.com/${w.made.poolId}`);
    // The browser is sent to the same endpoint, and may reach it.
    const config = await w.t.app.inject({ method: "GET", url: "/config.json" });
    expect(config.json().auth).toMatchObject({ mode: "cognito", userPoolId: w.made.poolId, userPoolClientId: w.made.clientId, userPoolEndpoint: w.moto.endpoint });
    expect(config.headers["content-security-policy"]).toMatch(new RegExp(`connect-src 'self' ${w.moto.endpoint};`));
  });

  it("refuses a token of another pool, an expired one and one signed with a key not the pool's", async () => {
    // The same person in another pool of the same service, signed with the same service key.
    const other = await provisionMoto(w.moto, "http://localhost:8080", "another");
    const otherAdmin = new CognitoIdentityAdmin(other.poolId, { region: MOTO_REGION, endpoint: w.moto.endpoint });
    await otherAdmin.seedUser("admin@steward.test", DEMO_PASSWORD);
    const signIn = await w.cognito.send(
      new InitiateAuthCommand({ ClientId: other.clientId, AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: "admin@steward.test", PASSWORD: DEMO_PASSWORD } }),
    );
    const now = Math.floor(Date.now() / 1000);
    const own = decodeJwt(token.admin);
    const foreignKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    const refused: Array<[string, string, string]> = [
      ["another pool's", signIn.AuthenticationResult!.AccessToken!, "The access token is not valid."],
      ["expired", await signedLikeThePool({ ...own, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }), "The access token has expired."],
      ["foreign-signed", await signedLikeThePool({ ...own }, foreignKey), "The access token is not valid."],
    ];
    for (const [what, bad, detail] of refused) {
      const res = await w.t.app.inject({ method: "GET", url: "/v2/access/user", headers: { authorization: `Bearer ${bad}` } });
      expect(res.statusCode, what).toBe(401);
      expect(res.json().detail, what).toBe(detail);
      expect(res.headers["www-authenticate"], what).toContain('error="invalid_token"');
    }
  });
});

describe("production mode on moto: a person's life in the pool", () => {
  it("is invited into the pool, chooses a password at first sign-in, is given a role, and is gone from the pool once deleted", async () => {
    const email = "new.person@steward.test";
    expect((await v2("admin", "POST", "/applications", { name: "Reviewed in production" })).statusCode).toBe(201);
    const invited = await v2("admin", "POST", "/access/users", { email, first_name: "New", last_name: "Person" });
    expect(invited.statusCode).toBe(201);
    const pooled = await w.cognito.send(new AdminGetUserCommand({ UserPoolId: w.made.poolId, Username: email }));
    // Cognito e-mails the invitation with a temporary password of its own; moto sends no e-mail and makes none up.
    expect(pooled.UserStatus).toBe("FORCE_CHANGE_PASSWORD");
    expect(Object.fromEntries(pooled.UserAttributes!.map((a) => [a.Name, a.Value]))).toMatchObject({ email, email_verified: "true" });
    const [row] = await w.t.database.db.select().from(users).where(eq(users.email, email));
    expect(row.sub).toBe(pooled.UserAttributes!.find((a) => a.Name === "sub")!.Value);

    // What the invitation would carry, set the way Cognito's mail would have it.
    await w.cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: w.made.poolId, Username: email, Password: "Temporary-Pass-2026", Permanent: false }));
    const tokens = await choosePassword(w, email, "Temporary-Pass-2026", "My-Own-Password-2026");
    token.person = tokens.AccessToken!;
    expect((await v2("person", "GET", "/access/user")).json()).toMatchObject({ email, roles: [] });
    const listed = async () => ((await v2("person", "GET", "/applications")).json() as { items: Array<{ name: string }> }).items.map((a) => a.name);
    expect(await listed()).toEqual([]);

    const [reviewer] = await w.t.database.db.select().from(roles).where(eq(roles.name, "ApplicationReviewer"));
    const [all] = await w.t.database.db.select().from(resourceGroups).where(eq(resourceGroups.name, "All applications"));
    expect((await v2("admin", "PUT", `/access/users/${row.id}/roles/${reviewer.id}/resource-groups/${all.id}`)).statusCode).toBe(200);
    expect((await v2("person", "GET", "/access/user")).json().roles).toEqual([expect.objectContaining({ name: "ApplicationReviewer" })]);
    expect(await listed()).toEqual(["Reviewed in production"]);

    expect((await v2("admin", "DELETE", `/access/users/${row.id}`)).statusCode).toBe(204);
    await expect(w.cognito.send(new AdminGetUserCommand({ UserPoolId: w.made.poolId, Username: email }))).rejects.toMatchObject({ name: "UserNotFoundException" });
    const after = await v2("person", "GET", "/access/user");
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe("No Steward user belongs to this sign-in.");
    await expect(
      w.cognito.send(new InitiateAuthCommand({ ClientId: w.made.clientId, AuthFlow: "REFRESH_TOKEN_AUTH", AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! } })),
    ).rejects.toThrow();
  });

  it("makes an API client an app client of the pool limited to client credentials, and refuses its tokens once revoked", async () => {
    const [reviewer] = await w.t.database.db.select().from(roles).where(eq(roles.name, "ApplicationReviewer"));
    const [all] = await w.t.database.db.select().from(resourceGroups).where(eq(resourceGroups.name, "All applications"));
    const created = await v2("admin", "POST", "/access/api-clients", { name: "Nightly export", role_id: reviewer.id, resource_group_id: all.id });
    expect(created.statusCode).toBe(201);
    const client = created.json() as { id: string; client_id: string; client_secret: string; token_url: string };
    expect(client.token_url).toBe(`https://${w.made.env.COGNITO_OAUTH_DOMAIN}/oauth2/token`);
    const described = (await w.cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: w.made.poolId, ClientId: client.client_id }))).UserPoolClient!;
    expect(described).toMatchObject({ AllowedOAuthFlows: ["client_credentials"], AllowedOAuthScopes: ["steward/api"], ClientSecret: client.client_secret });

    // moto serves no /oauth2/token: the token is the one AWS documents for the grant, signed with the pool's key.
    const now = Math.floor(Date.now() / 1000);
    const issuer = `https://cognito-idp.${MOTO_REGION}.amazonaws.com/${w.made.poolId}`;
    token.robot = await signedLikeThePool({ iss: issuer, sub: client.client_id, client_id: client.client_id, token_use: "access", scope: "steward/api", iat: now, exp: now + 3600, jti: crypto.randomUUID(), version: 2 });
    expect((await v2("robot", "GET", "/applications")).statusCode).toBe(200);

    expect((await v2("admin", "DELETE", `/access/api-clients/${client.id}`)).statusCode).toBe(204);
    await expect(w.cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: w.made.poolId, ClientId: client.client_id }))).rejects.toMatchObject({ name: "ResourceNotFoundException" });
    const refused = await v2("robot", "GET", "/applications");
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe("This API client does not exist or has been revoked.");
  });
});

describe("production mode on moto: files in the bucket", () => {
  const rows = ["applicant,sex,shortlisted", ...Array.from({ length: 40 }, (_, i) => `A${i},${i % 2 ? "Female" : "Male"},${i % 4 === 0 || (i % 2 === 0 && i < 30) ? 1 : 0}`)];
  const csv = Buffer.from(`${rows.join("\n")}\n`);
  let applicationId: string;
  let documentId: string;

  it("takes a document by presigned POST straight to the bucket, path-style, checks it there and serves it back", async () => {
    applicationId = (await v2("admin", "POST", "/applications", { name: "Shortlister in production" })).json().id;
    const added = await v2("admin", "POST", `/applications/${applicationId}/documents`, { name: "decisions.csv", content_type: "text/csv" });
    expect(added.statusCode).toBe(201);
    const { document, upload } = added.json() as { document: { id: string }; upload: { url: string; fields: Record<string, string> } };
    documentId = document.id;
    expect(upload.url).toBe(`${w.moto.endpoint}/${w.made.bucket}`);
    expect((await w.postForm(upload, csv, "decisions.csv")).status).toBe(204);
    expect((await v2("admin", "POST", `/applications/${applicationId}/document/${documentId}`, { uploaded: true })).statusCode).toBe(200);
    await w.t.app.documentWorker.wake();

    const checked = (await v2("admin", "GET", `/applications/${applicationId}/documents/${documentId}`)).json();
    expect(checked).toMatchObject({ status: "ready", content_type: "text/csv", size: csv.length });
    const [row] = await w.t.database.db.select().from(applicationDocuments).where(eq(applicationDocuments.id, documentId));
    const head = await w.s3.send(new HeadObjectCommand({ Bucket: w.made.bucket, Key: row.storageKey }));
    expect(head.ContentLength).toBe(csv.length);
    const content = await v2("admin", "GET", `/applications/${applicationId}/documents/${documentId}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(csv)).toBe(true);
  });

  it("runs a fairness test on the document read from the bucket", async () => {
    const preview = await v2("admin", "GET", `/applications/${applicationId}/testing/columns?document_id=${documentId}`);
    expect(preview.json().columns).toEqual(["applicant", "sex", "shortlisted"]);
    const started = await v2("admin", "POST", `/applications/${applicationId}/testing/tasks`, {
      data_source: "fairness_ml_user",
      name: "Shortlist in production",
      document_id: documentId,
      columns: { outcome: "shortlisted", outcome_type: "binary", protected: { sex: "sex" } },
    });
    expect(started.statusCode).toBe(201);
    await w.t.app.testingWorker.wake();
    const task = (await v2("admin", "GET", `/applications/${applicationId}/testing/tasks/${started.json().id}`)).json();
    expect(task).toMatchObject({ status: "ready", results: { sample_size: 40 } });
  });

  it("keeps the company logo and exports the company with the bucket's files", async () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    const request = new Request("http://steward.test/", { method: "POST", body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const saved = await w.t.app.inject({ method: "POST", url: "/v2/company/logo", headers: { authorization: `Bearer ${token.admin}`, "content-type": request.headers.get("content-type")! }, payload });
    expect(saved.statusCode).toBe(200);
    expect((await v2("admin", "GET", "/company/logo")).rawPayload.equals(png)).toBe(true);

    const exported = await v2("admin", "GET", "/company/export?files=include");
    expect(exported.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(exported.rawPayload));
    const sha256 = createHash("sha256").update(csv).digest("hex");
    expect(Buffer.from(entries[fileEntryName(sha256)]).equals(csv)).toBe(true);
    expect(Buffer.from(entries[fileEntryName(createHash("sha256").update(png).digest("hex"))]).equals(png)).toBe(true);
  });
});
