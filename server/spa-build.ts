import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { StartError } from "./start-error";

const root = fileURLToPath(new URL("..", import.meta.url));
const INPUTS = ["src", "domain", "locales", "public", "index.html", "vite.config.ts", "package-lock.json"];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry.endsWith(".test.ts") || entry.endsWith(".test.tsx")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when dist/ is missing or older than any file it is built from. */
export function spaBuildIsStale(): boolean {
  const built = path.join(root, "dist/index.html");
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

export function buildSpaIfStale(log: (line: string) => void): void {
  if (!spaBuildIsStale()) return;
  log("Building the web app (dist/ is missing or older than its sources)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    // Always the production build, whatever NODE_ENV the starting process inherited (a test runner's, say):
    // otherwise React's development runtime ships and the app is another, heavier one.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new StartError("The web app failed to build: see the errors above, or run `npm run build`.");
}
