import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sendProblem } from "./errors";
import { isApiPath } from "./api-paths";

export const distDir = fileURLToPath(new URL("../../dist", import.meta.url));

/**
 * Serves the built SPA with history fallback: any GET that is not an API path and
 * not a file gets index.html, so deep links work. Unknown /v2 paths stay JSON 404s.
 */
export default fp(
  async function spa(app: FastifyInstance, opts: { root?: string }) {
    const root = opts.root ?? distDir;
    const hasBuild = existsSync(`${root}/index.html`);
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // Source maps, when a build keeps them for uploading to error reporting, are never served: they give away the source.
        allowedPath: (pathName) => !pathName.endsWith(".map"),
        setHeaders(res, filePath) {
          // Hashed bundles never change; index.html must be revalidated so a new build is picked up.
          res.setHeader("Cache-Control", filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split("?")[0];
      const wantsPage = request.method === "GET" && !isApiPath(path) && !/\.[a-z0-9]+$/i.test(path);
      if (hasBuild && wantsPage) return reply.header("Cache-Control", "no-cache").sendFile("index.html");
      return sendProblem(reply, 404, `No route ${request.method} ${path}.`);
    });
  },
  { name: "spa", dependencies: ["errors"] },
);
