import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { startPostHogReceiver, startSentryReceiver, type PostHogReceiver, type SentryReceiver } from "../support/telemetry-receivers";
import { accessToken, DEMO_PASSWORD, expectSignedIn, signIn, signOut } from "./support";
import { recordRequests, startSteward, telemetryChunks, type StewardProcess } from "./telemetry-support";

/**
 * Error tracking and product analytics, end to end: a Steward configured with a Sentry DSN and a PostHog project
 * sends to real receivers on loopback; the default one loads neither and sends nothing.
 */
/** Two Steward processes and a browser share two cores: a page can take well over 10 s to render. */
const SLOW = { timeout: 30_000 };
const MISSING_APPLICATION = "00000000-0000-4000-8000-00000000dead";
/** What must never reach either service: e-mail addresses, names, the password. */
const PERSONAL = ["@steward.test", "Ada Admin", "Rene Reviewer", "April Approver", "Admin\"", "Reviewer\"", "Approver\"", DEMO_PASSWORD];

interface Me {
  id: string;
  companyId: string;
}

async function me(context: BrowserContext, origin: string, token: string): Promise<Me> {
  return (await context.request.get(`${origin}/v2/access/user`, { headers: { authorization: `Bearer ${token}` } })).json();
}

test.describe("with error tracking and analytics configured", () => {
  let sentry: SentryReceiver;
  let posthog: PostHogReceiver;
  let steward: StewardProcess;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    [sentry, posthog] = await Promise.all([startSentryReceiver(), startPostHogReceiver()]);
    steward = await startSteward({ APP_ENV: "stg", SENTRY_DSN_WEB: sentry.dsn, POSTHOG_KEY: "phc_steward_test", POSTHOG_HOST: posthog.host });
  });
  test.afterAll(async () => {
    await steward?.stop();
    await Promise.all([sentry?.close(), posthog?.close()]);
  });

  /**
   * A browser as a person has it: PostHog drops what an automated one (navigator.webdriver) captures, as it should
   * in production, so the test browser stops announcing itself.
   */
  const open = async (browser: Browser) => {
    const context = await browser.newContext({ baseURL: steward.origin });
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false }));
    return context;
  };

  test("a failed call is reported once, with url, status and message and without secrets", async ({ browser }) => {
    const context = await open(browser);
    const page = await context.newPage();
    await signIn(page, "admin@steward.test");
    await expectSignedIn(page);
    // Staging says so in the top bar.
    const badge = page.getByTestId("environment-badge");
    await expect(badge).toHaveText("STG");
    await badge.hover();
    await expect(page.getByRole("tooltip")).toHaveText("Staging");

    const token = await accessToken(page);
    const user = await me(context, steward.origin, token);
    const problem = await (await context.request.get(`${steward.origin}/v2/applications/${MISSING_APPLICATION}`, { headers: { authorization: `Bearer ${token}` } })).json();
    await page.goto(`/applications/detail/${MISSING_APPLICATION}`);
    const url = `/v2/applications/${MISSING_APPLICATION}`;
    const forThisCall = () => sentry.events().filter((e) => (e.tags as Record<string, unknown> | undefined)?.url === url);
    await sentry.waitFor(() => forThisCall().length > 0, 20_000);
    // Anything sent twice would have arrived by now.
    await page.waitForTimeout(3_000);
    const events = forThisCall();
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.tags).toMatchObject({ url, status: 404, message: problem.detail ?? problem.title, company: user.companyId });
    expect(event.environment).toBe("stg");
    expect(event.user).toEqual({ id: user.id });
    const everything = sentry.envelopes().map((e) => e.raw).join("\n");
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(token.split(".")[2]);
    for (const text of PERSONAL) expect(everything).not.toContain(text);
    await context.close();
  });

  test("page views and the identity reach analytics by ids only; sign-out starts a new anonymous visitor", async ({ browser }) => {
    const context = await open(browser);
    const page = await context.newPage();
    await signIn(page, "reviewer@steward.test");
    await expectSignedIn(page);
    const user = await me(context, steward.origin, await accessToken(page));
    const identifies = () => posthog.captures().filter((c) => c.event === "$identify" && c.properties?.distinct_id === user.id);
    await posthog.waitFor(() => identifies().length === 1, 20_000);
    // The person is known by id; the one property set on them is their company's id.
    expect(identifies()[0].$set).toEqual({ company_id: user.companyId });
    await page.getByRole("link", { name: "Vendors" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Vendors" })).toBeVisible(SLOW);
    const views = () => posthog.captures().filter((c) => c.event === "$pageview" && c.properties?.distinct_id === user.id);
    await posthog.waitFor(() => views().some((c) => String(c.properties?.$current_url).endsWith("/vendors")), 20_000);
    expect(views().every((v) => v.properties?.company_id === user.companyId)).toBe(true);

    // Signing out and in again in the same page: analytics stays loaded, but forgets who was here.
    await signOut(page);
    await page.getByLabel("Username or email").fill("reviewer@steward.test");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectSignedIn(page);
    await posthog.waitFor(() => identifies().length === 2, 20_000);
    // The events after sign-out came from a fresh anonymous visitor, not from the person who left.
    const before = identifies()[0].properties!.$anon_distinct_id;
    const after = identifies()[1].properties!.$anon_distinct_id;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(after).not.toBe(user.id);

    const everything = posthog.requests.map((r) => r.body.toString("utf8")).join("\n");
    for (const text of PERSONAL) expect(everything).not.toContain(text);
    await context.close();
  });

  test("a person who opts out in Settings sends nothing to analytics from then on", async ({ browser }) => {
    const context = await open(browser);
    const page = await context.newPage();
    await signIn(page, "approver@steward.test");
    await expectSignedIn(page);
    const user = await me(context, steward.origin, await accessToken(page));
    await page.goto("/settings");
    // What was sent before the switch is turned off has arrived.
    await posthog.waitFor(() => posthog.captures().some((c) => c.properties?.distinct_id === user.id && String(c.properties?.$current_url).endsWith("/settings")), 20_000);
    const profile = page.getByRole("form", { name: "Profile" });
    const share = profile.getByRole("switch", { name: "Share usage analytics" });
    await expect(share).toBeChecked();
    await share.click();
    await profile.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your profile was saved.")).toBeVisible(SLOW);
    await expect(share).not.toBeChecked();
    const sentBefore = posthog.requests.length;
    await page.goto("/vendors");
    await expect(page.getByRole("heading", { level: 1, name: "Vendors" })).toBeVisible(SLOW);
    await page.goto("/applications");
    await signOut(page);
    await context.close();

    // Next time, in a new browser, analytics is not even loaded.
    const later = await open(browser);
    const again = await later.newPage();
    const fetched = recordRequests(again);
    await signIn(again, "approver@steward.test");
    await expectSignedIn(again);
    await again.goto("/vendors");
    await expect(again.getByRole("heading", { level: 1, name: "Vendors" })).toBeVisible(SLOW);
    await again.waitForTimeout(4_000);
    const chunks = telemetryChunks();
    expect(fetched.filter((u) => chunks.posthog.some((file) => u.endsWith(file)))).toEqual([]);
    // Error tracking still loads; analytics received nothing since the switch was turned off.
    expect(fetched.some((u) => chunks.sentry.some((file) => u.endsWith(file)))).toBe(true);
    const sentSince = posthog.requests.slice(sentBefore).map((r) => `${r.method} ${r.path} ${r.body.toString("utf8").slice(0, 300)}`);
    expect(sentSince).toEqual([]);

    // Back as seeded.
    await again.goto("/settings");
    await again.getByRole("form", { name: "Profile" }).getByRole("switch", { name: "Share usage analytics" }).click();
    await again.getByRole("form", { name: "Profile" }).getByRole("button", { name: "Save" }).click();
    await expect(again.getByText("Your profile was saved.")).toBeVisible(SLOW);
    await later.close();
  });
});

test("without error tracking or analytics settings nothing is loaded or sent", async ({ page, baseURL }) => {
  const fetched = recordRequests(page);
  const config = await (await page.request.get("/config.json")).json();
  expect(config.sentry).toBeUndefined();
  expect(config.posthog).toBeUndefined();
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await expect(page.getByTestId("environment-badge")).toHaveText("LOC");
  await page.goto(`/applications/detail/${MISSING_APPLICATION}`);
  await page.goto("/vendors");
  await expect(page.getByRole("heading", { level: 1, name: "Vendors" })).toBeVisible(SLOW);
  await page.waitForTimeout(3_000);
  const chunks = telemetryChunks();
  expect(chunks.sentry.length).toBeGreaterThan(0);
  expect(chunks.posthog.length).toBeGreaterThan(0);
  expect(fetched.filter((u) => [...chunks.sentry, ...chunks.posthog].some((file) => u.endsWith(file)))).toEqual([]);
  // Every request stayed with Steward itself.
  const origin = new URL(baseURL!).origin;
  expect(fetched.filter((u) => !u.startsWith(origin) && !u.startsWith("data:") && !u.startsWith("blob:"))).toEqual([]);
});
