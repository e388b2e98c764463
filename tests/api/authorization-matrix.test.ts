import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteOptions } from "fastify";
import { createTestApp, type TestApp } from "../support/test-app";
import { createFixture, type Fixture } from "./authorization-matrix.fixture";
import { startTestDns, type TestDns } from "../support/dns";
import { CALLER_NAMES, MATRIX, type CallerName, type RouteCase } from "./authorization-matrix.table";

/**
 * The authorization matrix: every route the server registers, called as every kind of caller,
 * must answer the status the table beside this file expects, and no answer may carry the other
 * company's rows.
 */
let t: TestApp;
let f: Fixture;
/** Answers the matrix provider's domain record, so that verifying it succeeds for those allowed to. */
let dns: TestDns;
const registered = new Set<string>();

beforeAll(async () => {
  const record = (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") registered.add(`${method} ${route.url}`);
  };
  // The matrix endpoint is allowlisted so that saving and checking it reach the policy, not a refusal of the host.
  dns = await startTestDns();
  t = await createTestApp({ onRoute: record, env: { MODEL_ENDPOINT_ALLOWLIST: "http://127.0.0.1:1", DNS_RESOLVER: dns.address } });
  f = await createFixture(t.app, t.database.db, dns);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

async function urlOf(path: string, routeCase: RouteCase): Promise<string> {
  let url = path;
  for (const [name, value] of Object.entries(routeCase.params ?? {})) {
    url = url.replace(name === "*" ? "*" : `:${name}`, typeof value === "function" ? await value(f) : value);
  }
  return url;
}

/** A body of the wrong shape: every field of the valid one with a value of another type. */
function wrongTypes(body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return 12345;
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === "number" ? "not a number" : 12345]));
}
/** What the caller sends instead of the valid body: the table's, wrong types, or text that is not JSON at all. */
type BodyVariant = "valid" | "wrong types" | "invalid JSON";

async function call(caller: CallerName, key: string, routeCase: RouteCase, variant: BodyVariant = "valid") {
  const [method, path] = key.split(" ") as ["GET" | "POST" | "PUT" | "PATCH" | "DELETE", string];
  await routeCase.prepare?.(f);
  if (variant !== "valid") {
    return t.app.inject({
      method,
      url: (await urlOf(path, routeCase)) + (routeCase.query ? `?${routeCase.query(f)}` : ""),
      headers: { ...(caller === "anonymous" ? {} : { authorization: `Bearer ${f.tokens[caller]}` }), ...routeCase.headers, "content-type": "application/json" },
      payload: variant === "invalid JSON" ? '{"name": ' : JSON.stringify(wrongTypes(routeCase.body?.(f) ?? {})),
    });
  }
  const multipart = routeCase.multipart?.(f);
  const body = routeCase.body?.(f);
  return t.app.inject({
    method,
    url: (await urlOf(path, routeCase)) + (routeCase.query ? `?${routeCase.query(f)}` : ""),
    headers: {
      ...(caller === "anonymous" ? {} : { authorization: `Bearer ${f.tokens[caller]}` }),
      ...(multipart && { "content-type": multipart.contentType }),
      ...(body !== undefined && { "content-type": "application/json" }),
      ...routeCase.headers,
    },
    ...(multipart ? { payload: multipart.payload } : body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

describe("the authorization matrix", () => {
  it("has a row for every registered route and none for a route that does not exist", () => {
    expect([...registered].filter((route) => !(route in MATRIX)).sort()).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !registered.has(route))).toEqual([]);
  });

  it.each(Object.keys(MATRIX))("%s answers every caller as the table says", async (key) => {
    const routeCase = MATRIX[key];
    const actual: Record<string, number> = {};
    const leaks: string[] = [];
    for (const caller of CALLER_NAMES) {
      const res = await call(caller, key, routeCase);
      actual[caller] = res.statusCode;
      // Zero rows of the other company ever reach us, and none of ours reach them.
      const forbidden = routeCase.crossCompany || caller === "anonymous" ? [] : caller === "other" ? f.secrets.ours : f.secrets.theirs;
      for (const secret of forbidden) if (res.body.includes(secret)) leaks.push(`${caller} received ${secret}`);
      if (res.statusCode >= 500) leaks.push(`${caller} got ${res.statusCode}: ${res.body}`);
    }
    expect(actual).toEqual(routeCase.expect);
    expect(leaks).toEqual([]);
  });

  const withBody = Object.keys(MATRIX).filter((key) => MATRIX[key].body || MATRIX[key].multipart);
  it.each(withBody)("%s refuses a caller without the right before looking at a malformed body", async (key) => {
    const routeCase = MATRIX[key];
    const refused = CALLER_NAMES.filter((caller) => [401, 403, 404].includes(routeCase.expect[caller]) && !routeCase.bodyDecides?.callers.includes(caller));
    const expected: Record<string, number> = {};
    const actual: Record<string, number> = {};
    for (const caller of refused) {
      for (const variant of ["wrong types", "invalid JSON"] as const) {
        expected[`${caller} ${variant}`] = routeCase.expect[caller];
        actual[`${caller} ${variant}`] = (await call(caller, key, routeCase, variant)).statusCode;
      }
    }
    expect(actual).toEqual(expected);
  });
});
