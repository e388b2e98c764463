import { expect, test } from "@playwright/test";
import { expectSignedIn, signIn, signOut } from "./support";

/** Corporate sign-in end to end: the demo company's provider at /demo-idp, a real OpenID provider. */
const SSO_USER = "sso.user@sso.steward.test";

test("a newcomer signs in through the company's provider, is created on the spot and lands on limited access", async ({ page }) => {
  await page.goto("/signin");
  await page.getByRole("link", { name: "Sign In with Corporate ID" }).click();
  await expect(page.getByRole("heading", { name: "Sign In with Corporate ID" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(SSO_USER);
  await page.getByRole("button", { name: "Continue" }).click();

  // The provider's own sign-in page, with the address carried over.
  await expect(page).toHaveURL(/\/demo-idp\/interaction\//);
  await expect(page.getByRole("heading", { name: "Sign in to the demo identity provider" })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue(SSO_USER);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("That e-mail and password do not match.");
  await page.getByLabel("Password").fill("Steward-Demo-2026");
  await page.getByRole("button", { name: "Sign in" }).click();

  // Back through /auth/callback/ into the app: no roles yet, so the limited-access page.
  await expect(page).toHaveURL(/\/limited-access$/);
  await expect(page.getByTestId("limited-access-warning")).toBeVisible();
  await page.getByRole("button", { name: "Open account menu" }).click();
  await expect(page.getByRole("menu")).toContainText("Sam Single");
  await page.keyboard.press("Escape");

  // Signing out ends the federated session too (the hosted sign-in's /logout), back on /signin.
  await signOut(page);
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("CognitoIdentityServiceProvider")));
  expect(stored).toEqual([]);

  // The Administrator finds the newcomer among the company's users, to give them a role.
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await page.goto("/manage-users");
  await page.getByRole("searchbox", { name: "Search users" }).fill("sso.user");
  await expect(page.getByRole("row", { name: /Sam Single/ })).toContainText(SSO_USER);
});
