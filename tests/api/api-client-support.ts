import { afterAll, beforeAll, expect } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { apiClients, auditLog, companies, resourceGroups, roles } from "../../server/db/schema";
import { createOtherCompany, signInCallers, v2Caller, type Method } from "../support/tenants";

/** What POST /access/api-clients answers (the parts the tests use). */
export interface Created {
  id: string;
  name: string;
  client_id: string;
  client_secret: string;
  token_url: string;
}

export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

/**
 * The API-client tests' shared fixture: an app with the demo company, a second company and every
 * caller signed in (set up in beforeAll, closed in afterAll), plus helpers to make clients and tokens.
 */
export function apiClientSuite() {
  let t: TestApp;
  const ids = { company: "", allGroup: "", customerAiGroup: "", otherGroup: "", role: {} as Record<string, string> };
  const token: Record<string, string> = {};
  const call = v2Caller(() => t.app, token);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    [{ id: ids.company }] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
    for (const r of await db.select().from(roles)) ids.role[r.name] = r.id;
    const groups = await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, ids.company));
    ids.allGroup = groups.find((g) => g.groupType === "ALL")!.id;
    ids.customerAiGroup = groups.find((g) => g.name === "Customer AI")!.id;
    ({ groupId: ids.otherGroup } = await createOtherCompany(db));
    Object.assign(token, await signInCallers(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function createClient(name: string, role = "ApplicationReviewer", groupId = ids.allGroup, who = "admin"): Promise<Created> {
    const res = await call(who, "POST", "/access/api-clients", { name, role_id: ids.role[role], resource_group_id: groupId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  function tokenRequest(form: Record<string, string> | string, headers: Record<string, string> = {}, remoteAddress?: string) {
    return t.app.inject({
      method: "POST",
      url: "/oauth2/token",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      payload: typeof form === "string" ? form : new URLSearchParams(form).toString(),
      remoteAddress,
    });
  }

  async function accessToken(client: Created): Promise<string> {
    const res = await tokenRequest({ grant_type: "client_credentials" }, { authorization: basic(client.client_id, client.client_secret) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token;
  }

  return {
    app: () => t,
    ids,
    call,
    createClient,
    tokenRequest,
    accessToken,
    /** One /v2 request with a raw bearer token. */
    asToken: (bearer: string, method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url: `/v2${url}`, headers: { authorization: `Bearer ${bearer}` }, ...(payload && { payload }) }),
    row: async (id: string) => (await t.database.db.select().from(apiClients).where(eq(apiClients.id, id)))[0],
    audits: (entityId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)),
  };
}
