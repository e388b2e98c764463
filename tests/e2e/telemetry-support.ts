import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { freePort } from "../support/free-port";
import { startStewardProcess } from "../support/steward-process";

/** A second Steward process, built from the same dist/ the main e2e server built, with settings of its own. */
export interface StewardProcess {
  origin: string;
  stop(): Promise<void>;
}

export async function startSteward(env: Record<string, string>): Promise<StewardProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "steward-telemetry-"));
  // "localhost", as for the main server: the tokens' issuer and the page's origin agree.
  const origin = `http://localhost:${port}`;
  try {
    const steward = await startStewardProcess(port, { ...env, DATA_DIR: dataDir, PUBLIC_URL: origin, LOG_LEVEL: "warn" });
    return {
      origin,
      async stop() {
        await steward.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/**
 * The built files only error tracking or analytics need (their lazy chunks and what only they import), read from
 * the build's manifest, so a test can tell whether the page fetched either.
 */
export function telemetryChunks(): { sentry: string[]; posthog: string[] } {
  const manifest = JSON.parse(readFileSync("dist/.vite/manifest.json", "utf8")) as Record<string, ManifestChunk>;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      closure(manifest[key]?.imports ?? [], seen);
    }
    return seen;
  };
  const telemetry = ["src/telemetry/sentry.ts", "src/telemetry/sentry-replay.ts", "src/telemetry/posthog-client.ts"];
  const others = closure(Object.keys(manifest).filter((k) => (manifest[k].isEntry || manifest[k].isDynamicEntry) && !telemetry.includes(k)));
  const sentry = [...closure(telemetry.slice(0, 2))].filter((k) => !others.has(k));
  // What both share (the scrubbing) counts as error tracking's: it loads with it.
  const posthog = [...closure(telemetry.slice(2))].filter((k) => !others.has(k) && !sentry.includes(k));
  return { sentry: sentry.map((k) => manifest[k].file), posthog: posthog.map((k) => manifest[k].file) };
}

/** Every URL the page (and its workers) asked for, from now on. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.context().on("request", (request) => urls.push(request.url()));
  return urls;
}
