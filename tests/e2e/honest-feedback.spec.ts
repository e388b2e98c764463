import { expect, test } from "@playwright/test";
import { expectSignedIn, signIn } from "./support";
import { watchConsole } from "./page-walk";

/** What the app tells a person when there is nothing, not yet, or not for them. */

test("a search that matches nothing says so, and the pager says 0", async ({ page }) => {
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await expect(page.getByRole("grid", { name: "AI Applications" }).getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search applications" }).fill("no application is called this");
  await expect(page.getByText("No applications match this search or these filters.")).toBeVisible();
  await expect(page.getByText("0–0 of 0")).toBeVisible();
  await expect(page.getByText(/of \d+$/)).toHaveText("0–0 of 0");
});

test("a contributor who opens a page their role does not open is told so; the spec's admin pages are not found", async ({ page }) => {
  await signIn(page, "contributor@steward.test");
  await expectSignedIn(page);
  for (const refused of ["/frameworks", "/audit-log"]) {
    await page.goto(refused);
    await expect(page).toHaveURL(`/unauthorized?page=${encodeURIComponent(refused)}`);
    await expect(page.getByRole("heading", { name: "You are not authorised" })).toBeVisible();
    await expect(page.getByText(`Your roles do not give you access to ${refused}. If you need it, ask your company's Administrator.`)).toBeVisible();
  }
  // Still signed in: home is one click away.
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page.getByRole("button", { name: "Open account menu" })).toBeVisible();
  await page.goto("/manage-users");
  await expect(page.getByRole("heading", { name: "Page Not Found!" })).toBeVisible();
});

test("an application without a model endpoint shows 'none yet' as a state: no 404, no console error", async ({ page }) => {
  const notFound: string[] = [];
  page.on("response", (r) => r.status() === 404 && notFound.push(r.url()));
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  const console = watchConsole(page);
  await page.getByRole("grid", { name: "AI Applications" }).getByRole("link", { name: "Support chatbot", exact: true }).click();
  await page.getByRole("tab", { name: "Testing" }).click();
  // The card loads after the tests, with its form.
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("region", { name: "Model endpoint" }).getByText("No endpoint is registered yet: synthetic tests can only be scored offline.")).toBeVisible();
  // The trend draws its categories in words.
  const trend = page.getByRole("region", { name: "Lowest impact ratio over time" });
  await expect(trend.getByRole("figure", { name: "Lowest impact ratio over time" })).toBeVisible();
  await expect(trend.getByText("Gender")).toBeVisible();
  expect(notFound).toEqual([]);
  expect(console.take()).toEqual([]);
});

test("a signed-in page paints its layout in grey while it loads, not a blank page with a bar", async ({ page }) => {
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  // Hold the identity until the first paint has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/v2/access/user", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/dashboard");
  await expect(page.getByTestId("page-skeleton").or(page.getByTestId("shell-skeleton")).first()).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByTestId("page-skeleton")).toHaveCount(0);
});
