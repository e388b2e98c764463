import fc from "fast-check";
import { hostileBody, hostileJson, hostileString } from "./hostile-values";
import type { Operation } from "./operations";

export const FUZZ_CALLERS = ["admin", "contributor", "client", "anonymous", "other"] as const;
export type FuzzCaller = (typeof FUZZ_CALLERS)[number];

export interface FuzzRequest {
  caller: FuzzCaller;
  method: Operation["method"];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface FuzzContext {
  /** A real value for a route's path parameter (our company's row), when the route has one. */
  validParam(operation: Operation, name: string): string | undefined;
  /** Ids of the other company's rows, and uuids nobody holds. */
  foreignIds: string[];
  bodyLimitBytes: number;
}

const badId = (ctx: FuzzContext) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...ctx.foreignIds) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constantFrom("..", "%2e%2e%2f%2e%2e%2f", "%00", "%", "%zz", "a/b", "1.5", "-1", "99999999999999999999", "all", "NaN") },
  );

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "application/x-amz-json-1.1",
  "ä/ö",
  "*/*",
];

const RAW_BODIES = ["{", "{\"a\":", "[1,2", "\u0000", "null", "\"just a string\"", "--x\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nabc\r\n--x--", "a=1&a=2&b[]=3", "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><a>&x;</a>"];

function encodeParam(value: string): string {
  // Escapes and dots alone are sent raw, so malformed percent-encoding and traversal reach the router too.
  if (/^[%0-9a-z.]*$/i.test(value)) return value;
  return encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"));
}

function queryString(operation: Operation): fc.Arbitrary<string> {
  const names = operation.query.map((q) => q.name);
  const known = names.length ? fc.constantFrom(...names) : fc.constant("page");
  const odd = fc.constantFrom("unknown", "page[size]", "__proto__", "sort", "q", "", "a".repeat(300));
  const value = fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileJson.map((v) => JSON.stringify(v) ?? "") },
    { weight: 1, arbitrary: fc.constantFrom("-1", "0", "1e9", "abc", "name,desc", "-name", "risk_tier", "🤖", "%", "%zz") },
  );
  const pair = (name: fc.Arbitrary<string>) => fc.tuple(name, value).map(([k, v]) => `${encodeURIComponent(k)}=${encodeParam(v)}`);
  return fc.oneof(
    // One known parameter wrong and the rest absent: the value reaches the query, not just the first check.
    { weight: 4, arbitrary: pair(known) },
    { weight: 1, arbitrary: pair(odd) },
    { weight: 1, arbitrary: fc.array(pair(fc.oneof(known, odd)), { minLength: 2, maxLength: 6 }).map((pairs) => pairs.join("&")) },
    { weight: 1, arbitrary: fc.constantFrom("&&&", "=", "a", "page=1&page=2&page=3", "q", "%00=%00") },
  );
}

/**
 * One malformed request for an operation: mostly a valid call (a real id, the right content type)
 * with one or two parts wrong, so each fault reaches the code behind the checks before it.
 */
export function fuzzRequest(operation: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(
    ...operation.pathParams.map((name) => {
      const valid = ctx.validParam(operation, name);
      return valid !== undefined ? fc.oneof({ weight: 3, arbitrary: fc.constant(valid) }, { weight: 1, arbitrary: badId(ctx) }) : badId(ctx);
    }),
  );
  const wantsBody = operation.body !== undefined;
  const body = fc.oneof(
    { weight: wantsBody ? 10 : 1, arbitrary: hostileBody(operation.body).map((v) => JSON.stringify(v) ?? "undefined") },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: wantsBody ? 1 : 6, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant("oversize") },
  );
  const contentType = fc.oneof({ weight: 8, arbitrary: fc.constant(operation.headers?.["content-type"] ?? "application/json") }, { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) }, { weight: 1, arbitrary: fc.constant(undefined) });
  const query = fc.option(queryString(operation), { freq: wantsBody ? 1 : 4 });
  const caller = fc.oneof({ weight: 4, arbitrary: fc.constant<FuzzCaller>("admin") }, { weight: 3, arbitrary: fc.constantFrom(...FUZZ_CALLERS) });
  return fc.record({ caller, params, body, contentType, query }).map(({ caller: who, params: values, body: raw, contentType: type, query: q }) => {
    let url = operation.path;
    operation.pathParams.forEach((name, i) => (url = url.replace(`:${name}`, encodeParam(values[i] || "x"))));
    if (q) url += `?${q}`;
    const payload = raw === "oversize" ? Buffer.alloc(ctx.bodyLimitBytes + 1, "a") : raw;
    const headers: Record<string, string> = { ...operation.headers };
    if (type !== undefined && payload !== undefined) headers["content-type"] = type;
    return { caller: who, method: operation.method, url, headers, payload };
  });
}
