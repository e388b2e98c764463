/**
 * Captures the README's screenshots from a running Steward with the demo data (`npm start`), at 1440×900 in
 * English: `npx tsx docs/screenshots/capture.ts [base URL]` (default http://localhost:8080). Uses Playwright's
 * Chromium (CHROMIUM_PATH, else the system's).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "@playwright/test";

const base = process.argv[2] ?? "http://localhost:8080";
const out = path.dirname(fileURLToPath(import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.locator('[aria-busy="true"], .MuiSkeleton-root, .MuiLinearProgress-indeterminate').first().waitFor({ state: "detached" }).catch(() => undefined);
}

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, baseURL: base, locale: "en-GB" });
await page.goto("/signin");
await page.getByLabel("Username or email").fill("admin@steward.test");
await page.getByLabel("Password", { exact: true }).fill("Steward-Demo-2026");
await page.getByRole("button", { name: "Sign In", exact: true }).click();
await page.waitForURL(/\/applications$/);

await page.goto("/dashboard");
await settled(page);
await page.screenshot({ path: path.join(out, "dashboard.png") });

await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "AI Applications" }).click();
await page.getByRole("grid", { name: "AI Applications" }).getByRole("link", { name: "Interview shortlister", exact: true }).click();
await page.getByRole("heading", { level: 1, name: "Interview shortlister" }).waitFor();
await settled(page);
await page.screenshot({ path: path.join(out, "application.png") });

// The questionnaire, from its first section under the top bar, beside the risk-tier preview.
await page.getByRole("heading", { name: "Purpose and technology" }).evaluate((heading) => heading.scrollIntoView({ block: "start" }));
await page.evaluate(() => window.scrollBy(0, -72));
await page.screenshot({ path: path.join(out, "questionnaire.png") });

await browser.close();
console.log(`Screenshots written to ${out}`);
