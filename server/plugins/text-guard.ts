import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ProblemFieldError } from "../../domain/api/problem";
import { HttpProblem } from "./problem";

const NUL = "\u0000";
const MESSAGE = "must not contain the NUL character (U+0000)";
/** Deeper than any body a route accepts; bounds the walk on hostile nesting. */
const MAX_DEPTH = 64;

/** Where a NUL sits in parsed input, as dotted field paths; objects and arrays, not binary uploads. */
function nulPaths(value: unknown, path: string[], found: string[], depth = 0): void {
  if (typeof value === "string") {
    if (value.includes(NUL)) found.push(path.join("."));
    return;
  }
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => nulPaths(item, [...path, String(i)], found, depth + 1));
    return;
  }
  // Uploads arrive as streams or buffers: binary content, not text fields.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === "function") return;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) found.push([...path, key.replaceAll(NUL, "\\u0000")].join("."));
    else nulPaths(item, [...path, key], found, depth + 1);
  }
}

/**
 * A 400 problem naming the fields. A detail that names them too lets the identity and token routes,
 * whose error handlers speak their own protocols, pass it on in their own format.
 */
export class UnstorableText extends HttpProblem {
  constructor(errors: ProblemFieldError[]) {
    super(400, `Text cannot contain the NUL character (U+0000): ${errors.map((e) => e.path).join(", ")}.`, errors);
  }
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb, so such input would fail deep in a query as a 500.
 * Refused here for every route (query string, path parameters and any parsed body, JSON or form) before
 * a schema or handler sees it; other control characters are storable and pass.
 */
export default fp(
  async function textGuard(app: FastifyInstance) {
    app.addHook("preValidation", async (request) => {
      const found: string[] = [];
      nulPaths(request.query, ["query"], found);
      nulPaths(request.params, ["params"], found);
      nulPaths(request.body, [], found);
      if (found.length === 0) return;
      const errors: ProblemFieldError[] = found.map((path) => ({ path: path || "body", message: MESSAGE }));
      throw new UnstorableText(errors);
    });
  },
  { name: "text-guard", dependencies: ["errors"] },
);
