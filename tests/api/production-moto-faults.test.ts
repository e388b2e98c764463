import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { AdminGetUserCommand } from "@aws-sdk/client-cognito-identity-provider";
import { buildApp } from "../../server/app";
import { users } from "../../server/db/schema";
import { UNAVAILABLE_DETAIL } from "../../server/aws/unavailable";
import { startHttpProxy, type HttpProxy } from "../support/http-proxy";
import { productionWorld, type ProductionWorld } from "../support/production";
import { v2Caller } from "../support/tenants";

/**
 * Cognito and S3 failing under Steward in production mode: answering 5xx (a proxy in front of moto_server
 * says so for it), or gone (moto_server stopped mid-journey, then started again with what it held). The person
 * is told which service failed, with a 503; nothing stays half-written; everything resumes when it is back.
 */
let w: ProductionWorld;
let proxy: HttpProxy;
let applicationId: string;
const instances: FastifyInstance[] = [];
const token: Record<string, string> = {};
const v2 = v2Caller(() => w.t.app, token);
const csv = (rows: number) => Buffer.from(`metric,value\n${Array.from({ length: rows }, (_, i) => `m${i},${i}`).join("\n")}\n`);

beforeAll(async () => {
  w = await productionWorld({ endpoint: async (moto) => (proxy = await startHttpProxy([moto.endpoint])).origin });
  token.admin = (await w.signIn("admin@steward.test")).AccessToken!;
  applicationId = (await v2("admin", "POST", "/applications", { name: "Outage drills" })).json().id;
}, 120_000);

afterAll(async () => {
  for (const instance of instances) await instance.close();
  await proxy?.close();
  await w?.close();
});

/** A document added and its file posted (through the proxy, as the browser posts it), not yet confirmed. */
async function posted(name: string, bytes: Buffer): Promise<string> {
  const added = (await v2("admin", "POST", `/applications/${applicationId}/documents`, { name })).json() as { document: { id: string }; upload: { url: string; fields: Record<string, string> } };
  expect((await w.postForm(added.upload, bytes, name)).status).toBe(204);
  return added.document.id;
}

async function checked(id: string): Promise<string> {
  await w.t.app.documentWorker.wake();
  return (await v2("admin", "GET", `/applications/${applicationId}/documents/${id}`)).json().status;
}

const confirm = (id: string) => v2("admin", "POST", `/applications/${applicationId}/document/${id}`, { uploaded: true });
const content = (id: string) => v2("admin", "GET", `/applications/${applicationId}/documents/${id}/content`);
const invite = (email: string) => v2("admin", "POST", "/access/users", { email, first_name: "Pat", last_name: "Later" });
const stewardUser = async (email: string) => (await w.t.database.db.select().from(users).where(eq(users.email, email)))[0];
/** Asked of moto itself, past the proxy. */
const inPool = (email: string) =>
  w.cognito.send(new AdminGetUserCommand({ UserPoolId: w.made.poolId, Username: email })).then(
    () => true,
    (error: { name?: string }) => (error.name === "UserNotFoundException" ? false : Promise.reject(error)),
  );

function expectUnavailable(res: Awaited<ReturnType<typeof v2>>, service: keyof typeof UNAVAILABLE_DETAIL) {
  expect(res.statusCode).toBe(503);
  expect(res.headers["retry-after"]).toBe("5");
  expect(res.json()).toMatchObject({ status: 503, detail: UNAVAILABLE_DETAIL[service] });
}

describe("production mode on moto: Cognito or S3 failing on their side (5xx)", () => {
  it("an invitation or a deletion while Cognito fails is a 503 saying so, and changes neither Steward nor the pool", async () => {
    proxy.failWith(500);
    expectUnavailable(await invite("pat.later@steward.test"), "identity");
    expect(await stewardUser("pat.later@steward.test")).toBeUndefined();
    expect(await inPool("pat.later@steward.test")).toBe(false);

    proxy.failWith(null);
    expect((await invite("pat.later@steward.test")).statusCode).toBe(201);
    const person = await stewardUser("pat.later@steward.test");
    proxy.failWith(503);
    expectUnavailable(await v2("admin", "DELETE", `/access/users/${person.id}`), "identity");
    expect(await stewardUser("pat.later@steward.test")).toBeDefined();
    expect(await inPool("pat.later@steward.test")).toBe(true);

    proxy.failWith(null);
    expect((await v2("admin", "DELETE", `/access/users/${person.id}`)).statusCode).toBe(204);
    expect(await inPool("pat.later@steward.test")).toBe(false);
  });

  it("while S3 fails a file is not served (503), an upload that did not arrive is taken back, and a check waits, then resumes", async () => {
    const ready = await posted("ready.csv", csv(3));
    await confirm(ready);
    expect(await checked(ready)).toBe("ready");
    const arrivedBefore = await posted("arrived.csv", csv(4));

    proxy.failWith(503);
    expectUnavailable(await content(ready), "storage");
    // The browser's post is refused by the bucket; the browser takes the document back.
    const added = (await v2("admin", "POST", `/applications/${applicationId}/documents`, { name: "lost.csv" })).json();
    expect((await w.postForm(added.upload, csv(2), "lost.csv")).status).toBe(503);
    expect((await v2("admin", "DELETE", `/applications/${applicationId}/documents/${added.document.id}`)).statusCode).toBe(204);
    const names = (await v2("admin", "GET", `/applications/${applicationId}/documents`)).json().items.map((d: { name: string }) => d.name);
    expect(names).not.toContain("lost.csv");
    // A file that arrived is confirmed now: its check cannot read it, so it waits rather than failing.
    expect((await confirm(arrivedBefore)).statusCode).toBe(200);
    expect(await checked(arrivedBefore)).toBe("waiting");

    proxy.failWith(null);
    expect(await checked(arrivedBefore)).toBe("ready");
    expect((await content(ready)).rawPayload.equals(csv(3))).toBe(true);
  });
});

describe("production mode on moto: moto_server stopped mid-journey and started again", () => {
  it("keeps checking the tokens it has the keys for, refuses what needs Cognito or S3 with a 503, and resumes with what moto held", async () => {
    const before = await posted("before.csv", csv(5));
    await confirm(before);
    expect(await checked(before)).toBe("ready");
    const during = await posted("during.csv", csv(6));

    await w.moto.stop();
    // The pool's keys were read before: a signed-in person goes on working.
    expect((await v2("admin", "GET", "/applications")).statusCode).toBe(200);
    // An instance started now has not read them: it cannot check a token yet.
    const fresh = await buildApp({ config: w.t.config, database: w.t.database, logger: false });
    instances.push(fresh);
    const freshCall = v2Caller(() => fresh, token);
    const unchecked = await freshCall("admin", "GET", "/access/user");
    expect(unchecked.statusCode).toBe(503);
    expect(unchecked.json().detail).toBe("The access token cannot be checked right now.");
    expectUnavailable(await invite("sam.after@steward.test"), "identity");
    expect(await stewardUser("sam.after@steward.test")).toBeUndefined();
    expectUnavailable(await content(before), "storage");
    expect((await confirm(during)).statusCode).toBe(200);
    expect(await checked(during)).toBe("waiting");

    await w.moto.restart();
    expect((await freshCall("admin", "GET", "/access/user")).json().email).toBe("admin@steward.test");
    expect((await invite("sam.after@steward.test")).statusCode).toBe(201);
    expect(await inPool("sam.after@steward.test")).toBe(true);
    expect(await checked(during)).toBe("ready");
    expect((await content(before)).rawPayload.equals(csv(5))).toBe(true);
    expect((await content(during)).rawPayload.equals(csv(6))).toBe(true);
  });
});
