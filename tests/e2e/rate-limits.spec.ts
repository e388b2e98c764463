import { expect, test, type Browser } from "@playwright/test";
import { expectSignedIn, signIn } from "./support";

/**
 * Colleagues behind one office address share it: three people browsing for more than a minute, each
 * with a cold browser cache (every page view fetches the app's files again), never see a 429. Counted
 * per address, their files and calls would have used the whole default budget within that minute.
 */
const USERS = ["admin@steward.test", "reviewer@steward.test", "approver@steward.test"];
const PAGES: [string, RegExp][] = [
  ["/applications", /AI Applications/],
  ["/vendors", /Vendors/],
  ["/my-work", /My Work/],
];
const BROWSE_MS = 65_000;

interface Browsing {
  /** From the first page view after signing in to the end of the last one. */
  browsedMs: number;
  requests: number;
  tooMany: string[];
}

async function browseAs(browser: Browser, email: string): Promise<Browsing> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const seen: Browsing = { browsedMs: 0, requests: 0, tooMany: [] };
  page.on("response", (response) => {
    seen.requests++;
    if (response.status() === 429) seen.tooMany.push(`${email}: ${response.request().method()} ${response.url()}`);
  });
  await signIn(page, email);
  await expectSignedIn(page);
  const started = Date.now();
  for (let i = 0; Date.now() - started < BROWSE_MS; i++) {
    const [url, heading] = PAGES[i % PAGES.length];
    await page.goto(url);
    // Three cold-cache browsers share two cores with the server: a page can take well over 10 s to render.
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
    seen.browsedMs = Date.now() - started;
  }
  await context.close();
  return seen;
}

test("three people on one address browse for over a minute without a single 429", async ({ browser }) => {
  test.setTimeout(180_000);
  const results = await Promise.all(USERS.map((email) => browseAs(browser, email)));
  expect(results.flatMap((r) => r.tooMany)).toEqual([]);
  // Enough traffic that a shared per-address budget of 1,000 a minute would have run out.
  expect(results.reduce((n, r) => n + r.requests, 0)).toBeGreaterThan(1000);
  // Every one of them was still getting whole pages after more than a minute.
  for (const r of results) expect(r.browsedMs).toBeGreaterThan(60_000);
});
