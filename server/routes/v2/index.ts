import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";

/**
 * Every /v2 area is one route module in this folder, its plugin the default export. They are registered
 * in file-name order inside the protected scope, where every request needs a bearer access token; the
 * docs and /v2/openapi.json live outside it. A new area is a new file here, nothing else.
 */
const folder = dirname(fileURLToPath(import.meta.url));
const ROUTE_MODULE = /^(?!index\.)[a-z0-9-]+\.(ts|js)$/;

async function routeModules(): Promise<{ file: string; plugin: FastifyPluginAsync }[]> {
  const files = readdirSync(folder)
    .filter((f) => ROUTE_MODULE.test(f))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const module = (await import(pathToFileURL(`${folder}/${file}`).href)) as { default?: unknown };
      if (typeof module.default !== "function") throw new Error(`server/routes/v2/${file} has no route plugin as its default export`);
      return { file, plugin: module.default as FastifyPluginAsync };
    }),
  );
}

export default async function v2Routes(app: FastifyInstance) {
  const modules = await routeModules();
  await app.register(async function protectedRoutes(api) {
    api.addHook("onRequest", app.authenticate);
    for (const { plugin } of modules) await api.register(plugin);
  });
}
