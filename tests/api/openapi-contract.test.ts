import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import openapiTS, { astToString } from "openapi-typescript";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { signInRaw } from "./identity-support";

/** The API document is a contract others build on: it lints clean and a generated client works against it. */
// Asynchronous: the app answering the client runs in this process.
const run = promisify(execFile);
let t: TestApp;
let document: string;
let token: string;
const ROOT = path.resolve(import.meta.dirname, "../..");

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ url: "/v2/openapi.json" })).body;
  token = (await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(JSON.parse(document).paths as Record<string, Record<string, { operationId?: string }>>).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([method]) => ["get", "put", "post", "delete", "patch"].includes(method))
      .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${route}`, id: operation.operationId })),
  );

describe("the OpenAPI document", () => {
  it("has no error under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: document, absoluteRef: "openapi.json", config } as Parameters<typeof lintFromString>[0]);
    const errors = problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    // The only warnings left: no licence is published, and the health probes answer no 4xx.
    expect([...new Set(problems.map((p) => p.ruleId))].sort()).toEqual(["info-license", "operation-4xx-response"]);
  });

  it("names every operation with a unique operationId", () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((o) => !o.id).map((o) => o.route)).toEqual([]);
    expect(new Set(all.map((o) => o.id)).size).toBe(all.length);
    expect(all.find((o) => o.route === "GET /v2/applications/{id}")?.id).toBe("getApplicationsById");
  });

  it("generates a typed client an integrator uses: it type-checks and adds, reads and lists through the API", async () => {
    const types = astToString(await openapiTS(JSON.parse(document)));
    const dir = mkdtempSync(path.join(ROOT, "node_modules/.cache-openapi-client-"));
    try {
      writeFileSync(path.join(dir, "schema.d.ts"), types);
      writeFileSync(
        path.join(dir, "integrator.mts"),
        `import createClient from "openapi-fetch";
import type { paths } from "./schema";

const client = createClient<paths>({ baseUrl: process.env.STEWARD_URL, headers: { authorization: \`Bearer \${process.env.STEWARD_TOKEN}\` } });
const created = await client.POST("/v2/vendors", { body: { name: "Integrator vendor", description: "Added by a generated client" } });
if (!created.data) throw new Error(JSON.stringify(created.error));
const read = await client.GET("/v2/vendors/{id}", { params: { path: { id: created.data.id } } });
const listed = await client.GET("/v2/vendors", { params: { query: { q: "Integrator", page_size: 10 } } });
console.log(JSON.stringify({ created: created.response.status, name: read.data?.name, etag: read.response.headers.get("etag"), listed: listed.data?.items.map((v) => v.name) }));
`,
      );
      writeFileSync(
        path.join(dir, "tsconfig.json"),
        JSON.stringify({ compilerOptions: { target: "ES2022", module: "ESNext", moduleResolution: "Bundler", strict: true, noEmit: true, skipLibCheck: true, types: ["node"] }, files: ["integrator.mts"] }),
      );
      await run(path.join(ROOT, "node_modules/.bin/tsc"), ["-p", dir], { cwd: ROOT });
      const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const { stdout: output } = await run(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(dir, "integrator.mts")], {
        cwd: ROOT,
        env: { ...process.env, STEWARD_URL: address, STEWARD_TOKEN: token },
        timeout: 60_000,
      });
      expect(JSON.parse(output)).toEqual({ created: 201, name: "Integrator vendor", etag: '"1"', listed: ["Integrator vendor"] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
