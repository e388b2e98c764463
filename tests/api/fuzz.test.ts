import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createTestApp, type TestApp } from "../support/test-app";
import { createFixture, type Fixture } from "./authorization-matrix.fixture";
import { MATRIX } from "./authorization-matrix.table";
import { loadOperations, type Operation } from "../support/fuzz/operations";
import { fuzzRequest, type FuzzContext, type FuzzRequest } from "../support/fuzz/requests";
import { applicationTables, tableDigests } from "../support/fuzz/table-digest";

/**
 * A hostile client: malformed requests generated from the OpenAPI document the server serves, over
 * every operation, as every kind of caller. No answer may be a 5xx, leak a stack trace or SQL, or
 * be an error in another shape than the route's; a refused request may not change a stored row.
 */
// FUZZ_SEED=<n> runs another sequence; a failure names the seed of its operation.
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const MIN_REQUESTS = 5_000;
const STACK_FRAME = /\bat [^\s"]+ \(?[^\s"()]+:\d+:\d+\)?|\bat [^\s"]+\.(ts|js|mjs):\d+/;
const SQL_TEXT = /\bselect [^"]{0,80}\bfrom\b|insert into|Failed query|syntax error at or near|relation "[a-z_]+"/i;

let t: TestApp;
let f: Fixture;
let operations: Operation[];
let tables: string[];
const validParams = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  f = await createFixture(t.app, t.database.db);
  operations = await loadOperations(t.app);
  // The matrix's real ids for each route, resolved once: a fuzzed body then meets a row that exists.
  for (const op of operations) {
    const params = MATRIX[`${op.method} ${op.path}`]?.params ?? {};
    const resolved: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) resolved[name] = typeof value === "function" ? await value(f) : value;
    validParams.set(`${op.method} ${op.path}`, resolved);
  }
  tables = await applicationTables(t.database.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function describeRequest(req: FuzzRequest): string {
  const body = req.payload === undefined ? "(none)" : Buffer.isBuffer(req.payload) ? `(${req.payload.length} bytes)` : JSON.stringify(req.payload.slice(0, 400));
  return `${req.method} ${req.url.slice(0, 400)} as ${req.caller}, headers ${JSON.stringify(req.headers)}, body ${body}`;
}

/** What is wrong with an answer, or nothing. */
function faultOf(op: Operation, status: number, contentType: string, body: string): string | undefined {
  if (status >= 500) return `answered ${status}`;
  if (STACK_FRAME.test(body)) return "the body carries a stack trace";
  if (status >= 400 && SQL_TEXT.test(body)) return "the body carries SQL text";
  if (status < 400) return undefined;
  // The hosted sign-in's own pages: a readable refusal for a person (text the server refuses to read at all,
  // such as a NUL character, gets the API's problem+json before any route runs).
  if (op.dialect === "html" && contentType.startsWith("text/html") && status === 400) return undefined;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body);
  } catch {
    return `the ${status} error is not JSON (${contentType})`;
  }
  const problem = contentType.startsWith("application/problem+json") && json.status === status && typeof json.title === "string";
  // The identity and token protocols answer in their own shapes; problem+json is accepted there too.
  if (op.dialect === "cognito" && typeof json.__type === "string") return undefined;
  if (op.dialect === "oauth" && typeof json.error === "string") return undefined;
  if (op.dialect === "ofrep" && typeof json.errorCode === "string" && typeof json.errorDetails === "string") return undefined;
  return problem ? undefined : `the ${status} error is not problem+json with its status and a title (${contentType})`;
}

describe("hostile requests over every operation", () => {
  it(`none of ${MIN_REQUESTS}+ malformed requests gets a 5xx, leaks internals or changes data it refused (seed ${SEED})`, async () => {
    const ctx: FuzzContext = {
      validParam: (op, name) => validParams.get(`${op.method} ${op.path}`)?.[name],
      foreignIds: f.secrets.theirs.slice(0, 3),
      bodyLimitBytes: t.config.BODY_LIMIT_BYTES,
    };
    const runsPerOperation = Math.ceil(MIN_REQUESTS / operations.length);
    const faults: string[] = [];
    let sent = 0;
    let lastFault: Error | undefined;
    let digest = await tableDigests(t.database.db, tables);
    const changedTables = async () => {
      const after = await tableDigests(t.database.db, tables);
      const changed = Object.keys(after).filter((table) => after[table] !== digest[table]);
      digest = after;
      return changed;
    };
    for (const op of operations) {
      const seed = SEED + operations.indexOf(op);
      const property = fc.asyncProperty(fuzzRequest(op, ctx), async (req) => {
        const headers = { ...req.headers, ...(req.caller === "anonymous" ? {} : { authorization: `Bearer ${f.tokens[req.caller]}` }) };
        const res = await t.app.inject({ method: req.method, url: req.url, headers, ...(req.payload !== undefined && { payload: req.payload }) });
        sent++;
        const fault = faultOf(op, res.statusCode, String(res.headers["content-type"] ?? ""), res.body);
        // A write is checked request by request; reads, cheaper to check, once per operation below.
        const changed = op.method === "GET" ? [] : await changedTables();
        const problem = fault ?? (res.statusCode >= 400 && changed.length ? `the refused request changed ${changed.join(", ")}` : undefined);
        if (problem) throw (lastFault = new Error(`${problem}: ${describeRequest(req)} → ${res.statusCode} ${res.body.slice(0, 600)}`));
      });
      try {
        await fc.assert(property, { seed, numRuns: runsPerOperation, endOnFailure: true });
        const changed = op.method === "GET" ? await changedTables() : [];
        if (changed.length) faults.push(`${op.method} ${op.path} (seed ${seed}): reads changed ${changed.join(", ")}`);
      } catch (error) {
        faults.push(`${op.method} ${op.path} (seed ${seed}): ${(lastFault ?? (error as Error)).message}`);
        digest = await tableDigests(t.database.db, tables);
        lastFault = undefined;
      }
    }
    expect(faults).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  }, 600_000);
});
