/**
 * Initial JavaScript per route, gzip: the entry chunk and everything it imports
 * statically, the English locale chunks, plus the route's lazy page chunk and its static imports.
 * Budgets: the sign-in route ≤ 250 KB, the largest route ≤ 600 KB.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ON_DEMAND_AREAS } from "../src/i18n/on-demand-areas";

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = path.join(root, "dist");
const SIGN_IN_BUDGET_KB = 250;
const ROUTE_BUDGET_KB = 600;

export function measureBundles() {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;
  const gz = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
    return gz.get(file)!;
  };
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const entry = closure(entryKey);
  // English strings of the public areas load at start, before any page: count them as initial.
  for (const area of ["common", "auth", "validation", "errors", "layout"]) closure(`locales/en/${area}.json`, entry);
  const kb = (keys: Set<string>) => [...keys].reduce((sum, k) => sum + sizeOf(manifest[k].file), 0) / 1024;
  // A signed-in page also needs the protected app's chunk and every area's strings but the on-demand ones,
  // which count for the pages that load them.
  const signedIn = closure("src/ProtectedApp.tsx", new Set(entry));
  const areaOf = (key: string) => /^locales\/en\/(.+)\.json$/.exec(key)?.[1] ?? "";
  for (const key of Object.keys(manifest).filter((k) => k.startsWith("locales/en/") && !(areaOf(k) in ON_DEMAND_AREAS))) closure(key, signedIn);
  const onDemandFor = (page: string) =>
    Object.entries(ON_DEMAND_AREAS)
      .filter(([, folders]) => folders.some((folder) => page.startsWith(folder)))
      .map(([area]) => `locales/en/${area}.json`);
  const routes = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && /^src\/(pages|resources)\//.test(k))
    .map((k) => {
      const initial = closure(k, new Set(k.startsWith("src/pages/auth/") ? entry : signedIn));
      for (const area of onDemandFor(k)) closure(area, initial);
      return { page: k.replace(/^src\//, ""), kb: kb(initial) };
    })
    .sort((a, b) => b.kb - a.kb);
  return { entryKb: kb(entry), routes };
}

export function reportBundles(): boolean {
  const { entryKb, routes } = measureBundles();
  const signIn = routes.find((r) => r.page.endsWith("SignInPage.tsx"));
  const largest = routes[0];
  console.log("\nInitial JavaScript per route (gzip, KB)");
  console.log(`  ${"entry alone (reference)".padEnd(48)} ${entryKb.toFixed(1).padStart(7)}`);
  for (const r of routes) console.log(`  ${r.page.padEnd(48)} ${r.kb.toFixed(1).padStart(7)}   ×${(r.kb / entryKb).toFixed(2)} of entry`);
  const okSignIn = Boolean(signIn && signIn.kb <= SIGN_IN_BUDGET_KB);
  const okLargest = largest.kb <= ROUTE_BUDGET_KB;
  console.log(`  sign-in route: ${signIn?.kb.toFixed(1)} KB (budget ${SIGN_IN_BUDGET_KB}) ${okSignIn ? "OK" : "OVER"}`);
  console.log(`  largest route: ${largest.page} ${largest.kb.toFixed(1)} KB (budget ${ROUTE_BUDGET_KB}) ${okLargest ? "OK" : "OVER"}`);
  return okSignIn && okLargest;
}
