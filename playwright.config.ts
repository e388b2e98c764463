import { defineConfig, devices } from "@playwright/test";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** CHROMIUM_PATH, else the system's Chromium, else Playwright's own browser. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
}

// Playwright loads this file in the runner and again in each worker: share one port and folder through the env.
process.env.E2E_PORT ??= String(20000 + (process.pid % 20000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "steward-e2e-"));
const port = Number(process.env.E2E_PORT);
// "localhost", not 127.0.0.1: WebAuthn refuses an IP address as the relying party, and passkeys are tested here.
const origin = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Whole journeys (several people signing in, a questionnaire, an approval) on a shared two-core machine:
  // the lifecycle test takes 40 s alone and over a minute when the machine is busy.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: origin,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } } }],
  webServer: {
    // Exactly what `npm start` runs: builds when stale, migrates, seeds, serves.
    command: "npm start",
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
    },
  },
});
