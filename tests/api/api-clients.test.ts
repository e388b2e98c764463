import { describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { apiClients } from "../../server/db/schema";
import { IdentityAdminError } from "../../server/identity/admin";
import type { Method } from "../support/tenants";
import { apiClientSuite, basic, type Created } from "./api-client-support";

/** API Access: /v2/access/api-clients. Tokens and the token endpoint: api-client-tokens.test.ts. */
const s = apiClientSuite();
const { ids, call, createClient, tokenRequest, accessToken, asToken, row, audits } = s;

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe("who may call", () => {
  it("answers 401 without a token", async () => {
    expect((await call(null, "GET", "/access/api-clients")).statusCode).toBe(401);
  });

  it.each(["reviewer", "approver", "contributor", "noroles"])("answers 403 to %s on every route, reads included", async (who) => {
    const existing = await createClient(`Visible to ${who}`);
    const attempts: Array<[Method, string, unknown?]> = [
      ["GET", "/access/api-clients"],
      ["GET", `/access/api-clients/${existing.id}`],
      ["POST", "/access/api-clients", { name: "Sneaky", role_id: ids.role.Administrator, resource_group_id: ids.allGroup }],
      ["DELETE", `/access/api-clients/${existing.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(who, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().detail).toBe("Only an Administrator can manage API clients.");
    }
    expect((await row(existing.id)).revokedAt).toBeNull();
    expect(await s.app().database.db.select().from(apiClients).where(eq(apiClients.name, "Sneaky"))).toEqual([]);
  });
});

describe("POST /access/api-clients", () => {
  it("shows the secret once and keeps only a keyed hash of it", async () => {
    const res = await call("admin", "POST", "/access/api-clients", { name: "  Nightly export ", role_id: ids.role.ApplicationReviewer, resource_group_id: ids.allGroup });
    expect(res.statusCode).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const created = res.json();
    expect(created).toMatchObject({
      name: "Nightly export",
      role: { id: ids.role.ApplicationReviewer, name: "ApplicationReviewer" },
      resource_group: { id: ids.allGroup, name: "All applications", group_type: "ALL" },
      created_by: "Ada Admin",
      last_used_at: null,
      revoked_at: null,
      token_url: `${s.app().config.publicUrl}/oauth2/token`,
    });
    expect(created.client_id).toMatch(/^[a-z0-9]{26}$/);
    expect(created.client_secret).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    const stored = await row(created.id);
    expect(stored.companyId).toBe(ids.company);
    expect(stored.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.secretHash).not.toContain(created.client_secret);

    const one = await call("admin", "GET", `/access/api-clients/${created.id}`);
    expect(one.statusCode).toBe(200);
    const { client_secret, token_url, ...listed } = created;
    expect(one.json()).toEqual(listed);
    const list = await call("admin", "GET", "/access/api-clients?q=nightly");
    expect(list.json()).toEqual({ items: [listed], total: 1 });
    for (const body of [one.body, list.body]) {
      expect(body).not.toContain(client_secret);
      expect(body).not.toContain(stored.secretHash);
      expect(body).not.toContain("secret");
    }

    const [entry] = await audits(created.id);
    expect(entry).toMatchObject({ action: "api_client.created", entityType: "api_client", actorType: "user", actorName: "Ada Admin", companyId: ids.company });
    expect(JSON.stringify(entry.after)).not.toContain(client_secret);
  });

  it("names the bad field, and 404s an unknown role or a group outside the company", async () => {
    for (const name of ["bad/name", "", "   "]) {
      const res = await call("admin", "POST", "/access/api-clients", { name, role_id: ids.role.Administrator, resource_group_id: ids.allGroup });
      expect(res.statusCode).toBe(400);
      expect(new Set(res.json().errors.map((e: { path: string }) => e.path))).toEqual(new Set(["name"]));
    }
    const badName = await call("admin", "POST", "/access/api-clients", { name: "a<b", role_id: ids.role.Administrator, resource_group_id: ids.allGroup });
    expect(badName.json().errors).toEqual([{ path: "name", message: "validation.namePattern" }]);
    const notUuid = await call("admin", "POST", "/access/api-clients", { name: "Fine", role_id: "admin", resource_group_id: ids.allGroup });
    expect(notUuid.statusCode).toBe(400);

    const role = await call("admin", "POST", "/access/api-clients", { name: "Fine", role_id: UNKNOWN, resource_group_id: ids.allGroup });
    expect([role.statusCode, role.json().detail]).toEqual([404, "Role not found."]);
    for (const groupId of [UNKNOWN, ids.otherGroup]) {
      const group = await call("admin", "POST", "/access/api-clients", { name: "Fine", role_id: ids.role.Administrator, resource_group_id: groupId });
      expect([group.statusCode, group.json().detail]).toEqual([404, "Resource group not found."]);
    }
    expect(await s.app().database.db.select().from(apiClients).where(eq(apiClients.name, "Fine"))).toEqual([]);
  });

  it("says what is missing when the identity store cannot make API clients (Cognito without its settings)", async () => {
    const spy = vi
      .spyOn(s.app().app.identity.admin, "createApiClient")
      .mockRejectedValueOnce(new IdentityAdminError("api_clients_unavailable", "API clients need COGNITO_OAUTH_DOMAIN and COGNITO_API_SCOPE."));
    try {
      const res = await call("admin", "POST", "/access/api-clients", { name: "Unconfigured", role_id: ids.role.Administrator, resource_group_id: ids.allGroup });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toMatch(/COGNITO_OAUTH_DOMAIN/);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("DELETE /access/api-clients/:id (revoke)", () => {
  it("stops issued tokens at once and refuses the credentials; the client stays listed as revoked", async () => {
    const client = await createClient("Short-lived", "Administrator");
    const bearer = await accessToken(client);
    expect((await asToken(bearer, "GET", "/access/user")).statusCode).toBe(200);

    expect((await call("admin", "DELETE", `/access/api-clients/${client.id}`)).statusCode).toBe(204);

    const refused = await asToken(bearer, "GET", "/access/user");
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["www-authenticate"]).toMatch(/^Bearer realm="steward", error="invalid_token"/);
    const exchange = await tokenRequest({ grant_type: "client_credentials" }, { authorization: basic(client.client_id, client.client_secret) });
    expect([exchange.statusCode, exchange.json().error]).toEqual([401, "invalid_client"]);

    // Revoking again changes nothing.
    const revokedAt = (await row(client.id)).revokedAt;
    expect(revokedAt).not.toBeNull();
    expect((await call("admin", "DELETE", `/access/api-clients/${client.id}`)).statusCode).toBe(204);
    expect((await row(client.id)).revokedAt).toEqual(revokedAt);
    expect((await audits(client.id)).map((a) => a.action).sort()).toEqual(["api_client.created", "api_client.revoked"]);

    const hidden = (await call("admin", "GET", "/access/api-clients?q=Short-lived")).json();
    expect(hidden).toEqual({ items: [], total: 0 });
    const shown = (await call("admin", "GET", "/access/api-clients?q=Short-lived&include_revoked=true")).json();
    expect(shown.total).toBe(1);
    expect(shown.items[0].revoked_at).toBe(revokedAt!.toISOString());
    expect((await call("admin", "GET", `/access/api-clients/${client.id}`)).json().revoked_at).toBe(revokedAt!.toISOString());
  });

  it("404s unknown ids and rejects malformed ones", async () => {
    expect((await call("admin", "DELETE", `/access/api-clients/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await call("admin", "GET", `/access/api-clients/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await call("admin", "GET", "/access/api-clients/not-a-uuid")).statusCode).toBe(400);
  });
});

describe("tenancy", () => {
  it("keeps each company's clients to itself", async () => {
    const ours = await createClient("Ours only");
    for (const method of ["GET", "DELETE"] as const) {
      const res = await call("other", method, `/access/api-clients/${ours.id}`);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await row(ours.id)).revokedAt).toBeNull();
    const theirs = await createClient("Theirs", "Administrator", ids.otherGroup, "other");
    const list = (await call("other", "GET", "/access/api-clients?include_revoked=true&page_size=200")).json();
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([theirs.id]);
    expect(list.total).toBe(1);
    expect((await call("admin", "GET", `/access/api-clients/${theirs.id}`)).statusCode).toBe(404);

    // Their client's token sees their company, never ours.
    const bearer = await accessToken(theirs);
    const company = (await asToken(bearer, "GET", "/company")).json();
    expect(company.id).not.toBe(ids.company);
    expect((await asToken(bearer, "GET", `/access/api-clients/${ours.id}`)).statusCode).toBe(404);
  });
});

describe("GET /access/api-clients", () => {
  it("searches name and client id, sorts and pages in SQL", async () => {
    const names = ["Zeta feed", "alpha feed", "Mid feed"];
    const made: Created[] = [];
    for (const name of names) made.push(await createClient(name));
    const byName = (await call("admin", "GET", "/access/api-clients?q=feed&sort=name")).json();
    expect(byName.items.map((c: { name: string }) => c.name)).toEqual(["alpha feed", "Mid feed", "Zeta feed"]);
    const desc = (await call("admin", "GET", "/access/api-clients?q=feed&sort=-name")).json();
    expect(desc.items.map((c: { name: string }) => c.name)).toEqual(["Zeta feed", "Mid feed", "alpha feed"]);
    const newest = (await call("admin", "GET", "/access/api-clients?q=feed&sort=-created_at&page_size=1")).json();
    expect(newest).toMatchObject({ total: 3, items: [{ name: "Mid feed" }] });
    const page2 = (await call("admin", "GET", "/access/api-clients?q=feed&sort=name&page=2&page_size=2")).json();
    expect(page2.items.map((c: { name: string }) => c.name)).toEqual(["Zeta feed"]);

    await accessToken(made[0]);
    const used = (await call("admin", "GET", "/access/api-clients?q=feed&sort=-last_used_at")).json();
    expect(used.items[0].name).toBe("Zeta feed");
    const byId = (await call("admin", "GET", `/access/api-clients?q=${made[1].client_id.slice(3, 15)}`)).json();
    expect(byId.items.map((c: { id: string }) => c.id)).toEqual([made[1].id]);
    expect((await call("admin", "GET", "/access/api-clients?sort=secret")).statusCode).toBe(400);
    expect(
      await s.app().database.db.select().from(apiClients).where(and(eq(apiClients.companyId, ids.company), eq(apiClients.name, "alpha feed"))),
    ).toHaveLength(1);
  });
});
