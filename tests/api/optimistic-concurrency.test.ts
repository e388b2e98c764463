import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { applicableControls, EU_AI_ACT } from "../../domain/frameworks";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { companies, resourceGroups, users } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller, type Method } from "../support/tenants";

/** Every editable record refuses a write based on a version someone else has replaced, and tells which one is current. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
let counter = 0;
const fresh = (prefix: string) => `${prefix} ${++counter}`;

function write(method: Method, url: string, payload: object, ifMatch?: string, who = "admin") {
  return t.app.inject({
    method,
    url: `/v2${url}`,
    headers: { authorization: `Bearer ${token[who]}`, ...(ifMatch !== undefined && { "if-match": ifMatch }) },
    payload,
  });
}

interface Editable {
  method: Method;
  url: string;
  /** A change that differs on every call, and the field of the answer that shows it. */
  change(): Record<string, string>;
  who?: string;
  /** The stored version and the value of the changed field, as a fresh read shows them. */
  read(): Promise<{ version: number; value: unknown }>;
}

const field = (change: Record<string, string>) => Object.keys(change)[0];
let records: Record<string, Editable>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const [group] = await db.select().from(resourceGroups).where(and(eq(resourceGroups.companyId, company.id), eq(resourceGroups.name, "Customer AI")));
  const [contributor] = await db.select().from(users).where(eq(users.email, "contributor@steward.test"));

  const application = (await call("admin", "POST", "/applications", { name: "Loan scorer", details: lowRiskDetails({ business_criticality: "high" }), resource_group_id: group.id })).json();
  expect(application.risk_tier).toBe("high");
  const vendor = (await call("admin", "POST", "/vendors", { name: "Versioned vendor" })).json();
  const newGroup = (await call("admin", "POST", "/access/resource-groups", { name: "Versioned group", group_type: "SELECTED" })).json();
  const control = applicableControls([EU_AI_ACT], "high")[0].id;
  const readBody = async (url: string, key: string) => {
    const body = (await call("admin", "GET", url)).json();
    return { version: body.version as number, value: body[key] };
  };

  records = {
    application: {
      method: "PUT",
      url: `/applications/${application.id}`,
      change: () => ({ description: fresh("Scores loans") }),
      read: () => readBody(`/applications/${application.id}`, "description"),
    },
    vendor: {
      method: "PUT",
      url: `/vendors/${vendor.id}`,
      change: () => ({ description: fresh("Sells models") }),
      read: () => readBody(`/vendors/${vendor.id}`, "description"),
    },
    "resource group": {
      method: "PATCH",
      url: `/access/resource-groups/${newGroup.id}`,
      change: () => ({ name: fresh("Versioned group") }),
      read: async () => {
        const [row] = await db.select().from(resourceGroups).where(eq(resourceGroups.id, newGroup.id));
        return { version: row.version, value: row.name };
      },
    },
    user: {
      method: "PATCH",
      url: `/access/users/${contributor.id}`,
      change: () => ({ last_name: fresh("Contributor") }),
      read: async () => {
        const [row] = await db.select().from(users).where(eq(users.id, contributor.id));
        return { version: row.version, value: row.lastName };
      },
    },
    "own profile": {
      method: "PATCH",
      url: "/access/user",
      who: "reviewer",
      change: () => ({ first_name: fresh("Rita") }),
      read: async () => {
        const [row] = await db.select().from(users).where(eq(users.email, "reviewer@steward.test"));
        return { version: row.version, value: row.firstName };
      },
    },
    company: {
      method: "PATCH",
      url: "/company",
      change: () => ({ industry: fresh("Finance") }),
      read: () => readBody("/company", "industry"),
    },
    "application control": {
      method: "PATCH",
      url: `/applications/${application.id}/controls/${control}`,
      change: () => ({ notes: fresh("Checked by the risk team") }),
      read: () => readBody(`/applications/${application.id}/controls/${control}`, "notes"),
    },
  };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const NAMES = ["application", "vendor", "resource group", "user", "own profile", "company", "application control"];

describe.each(NAMES)("a %s", (name) => {
  const send = (ifMatch?: string) => {
    const r = records[name];
    const change = r.change();
    return { change, response: write(r.method, r.url, change, ifMatch, r.who) };
  };

  it("with the current version as If-Match: saved, at the next version, which the answer and its ETag carry", async () => {
    const before = await records[name].read();
    const { change, response } = send(`"${before.version}"`);
    const res = await response;
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`"${before.version + 1}"`);
    if (name !== "own profile") expect(res.json().version).toBe(before.version + 1);
    expect(await records[name].read()).toEqual({ version: before.version + 1, value: change[field(change)] });
  });

  it("with a version someone else has replaced: 412 naming the current version, and nothing changes", async () => {
    const stale = await records[name].read();
    expect((await send(`"${stale.version}"`).response).statusCode).toBe(200);
    const current = await records[name].read();
    const res = await send(`"${stale.version}"`).response;
    expect(res.statusCode).toBe(412);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json()).toMatchObject({ status: 412, current_version: current.version });
    expect(res.json().detail).toContain("changed by someone else");
    expect(res.json().detail).toContain(`version ${current.version}`);
    expect(await records[name].read()).toEqual(current);
  });

  it("without If-Match (or with *): saved as before, and the version still counts the write", async () => {
    for (const ifMatch of [undefined, "*"]) {
      const before = await records[name].read();
      const { change, response } = send(ifMatch);
      expect((await response).statusCode).toBe(200);
      expect(await records[name].read()).toEqual({ version: before.version + 1, value: change[field(change)] });
    }
  });

  it.each(["3", '"abc"', '"1', "W/", '"-1"', ""])("with a malformed If-Match (%s): 400, and nothing changes", async (ifMatch) => {
    const before = await records[name].read();
    const res = await send(ifMatch).response;
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain("If-Match");
    expect(await records[name].read()).toEqual(before);
  });

  it("with two writes at once naming the same version: exactly one is saved, the other gets 412", async () => {
    const before = await records[name].read();
    const first = send(`"${before.version}"`);
    const second = send(`"${before.version}"`);
    const results = await Promise.all([first.response, second.response]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 412]);
    const winner = results[0].statusCode === 200 ? first.change : second.change;
    expect(await records[name].read()).toEqual({ version: before.version + 1, value: winner[field(winner)] });
    expect(results.find((r) => r.statusCode === 412)!.json().current_version).toBe(before.version + 1);
  });
});

describe("status moves", () => {
  it("honour If-Match too: a move based on a replaced version is refused and the status stays", async () => {
    const app = (await call("contributor", "POST", "/applications", { name: "Moved twice" })).json();
    expect(app.version).toBe(1);
    const edit = await write("PUT", `/applications/${app.id}`, { description: "Edited first" }, '"1"', "contributor");
    expect(edit.statusCode).toBe(200);
    const move = await write("PUT", `/applications/${app.id}`, { development_status: "in_development" }, '"1"', "contributor");
    expect(move.statusCode).toBe(412);
    expect(move.json().current_version).toBe(2);
    const stored = (await call("contributor", "GET", `/applications/${app.id}`)).json();
    expect(stored).toMatchObject({ development_status: "idea", version: 2 });
  });
});

describe("an application control never recorded", () => {
  it("is at version 0; If-Match naming another version is refused before it is created", async () => {
    const app = (await call("admin", "POST", "/applications", { name: "Fresh controls", details: lowRiskDetails({ business_criticality: "high" }) })).json();
    const url = `/applications/${app.id}/controls/${applicableControls([EU_AI_ACT], "high")[0].id}`;
    expect((await call("admin", "GET", url)).json().version).toBe(0);
    const refused = await write("PATCH", url, { notes: "Too late" }, '"4"');
    expect(refused.statusCode).toBe(412);
    expect(refused.json().current_version).toBe(0);
    const saved = await write("PATCH", url, { notes: "First" }, '"0"');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ notes: "First", version: 1 });
  });
});

describe("every versioned read", () => {
  it("sends the record's version as its ETag, so HTTP clients can send it back as If-Match", async () => {
    const app = (await call("admin", "POST", "/applications", { name: "Read with an ETag", details: lowRiskDetails({ business_criticality: "high" }) })).json();
    const vendor = (await call("admin", "POST", "/vendors", { name: "Read vendor" })).json();
    const incident = (await call("admin", "POST", "/incidents", { application_id: app.id, title: "Read incident", severity: "low", detected_at: "2026-03-01T10:30:00Z" })).json();
    await write("PUT", `/vendors/${vendor.id}`, { description: "Edited once" });
    const [contributor] = await t.database.db.select().from(users).where(eq(users.email, "contributor@steward.test"));
    const urls = [
      `/applications/${app.id}`,
      `/vendors/${vendor.id}`,
      `/incidents/${incident.id}`,
      `/applications/${app.id}/controls/${applicableControls([EU_AI_ACT], "high")[0].id}`,
      `/access/users/${contributor.id}`,
      "/company",
    ];
    for (const url of urls) {
      const res = await call("admin", "GET", url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBe(`"${res.json().version}"`);
    }
    expect((await call("admin", "GET", `/vendors/${vendor.id}`)).headers.etag).toBe('"2"');
    // A list is not one record: no ETag.
    expect((await call("admin", "GET", "/vendors")).headers.etag).toBeUndefined();
  });
});
