import { expect, test } from "@playwright/test";
import { expectSignedIn, signIn } from "./support";

const WARNING = "No roles have been assigned to you yet. Please contact your account administrator to get access.";

// Runs before sign-in.spec.ts (files run alphabetically, one worker), whose captcha test makes noroles fail three times.
test("a user without roles lands on /limited-access and is sent back there from other pages", async ({ page }) => {
  await signIn(page, "noroles@steward.test");
  await expect(page).toHaveURL(/\/limited-access$/);
  await expect(page.getByRole("heading", { name: "Limited access" })).toBeVisible();
  await expect(page.getByTestId("limited-access-warning")).toHaveText(WARNING);
  // No menu entry they could not open.
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Dashboard" })).toHaveCount(0);

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/limited-access$/);
  await expect(page.getByTestId("limited-access-warning")).toHaveText(WARNING);

  await page.goto("/manage-users");
  await expect(page).toHaveURL(/\/limited-access$/);
});

test("an administrator lands on AI Applications and reaches the dashboard from its menu entry", async ({ page }) => {
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: /^Welcome,/ })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
});
