import { expect, test } from "@playwright/test";

test("the corporate sign-in starts from /signin, warns, and refuses an e-mail whose domain maps to no provider", async ({ page }) => {
  await page.goto("/signin");
  await page.getByRole("link", { name: "Sign In with Corporate ID" }).click();
  await expect(page).toHaveURL(/\/sso$/);
  await expect(page.getByRole("heading", { name: "Sign In with Corporate ID" })).toBeVisible();
  await expect(page.getByText("Please contact your system administrator if you encounter any issues with your credentials.")).toBeVisible();

  await page.getByLabel("Email").fill("ab");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Username must be at least 3 characters.")).toBeVisible();

  await page.getByLabel("Email").fill(`nobody@unmapped-${Date.now()}.test`);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("An error occurred while signing in. Please check that your email is correct.");
  await page.getByRole("link", { name: "Back to sign in" }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

test("a return from the hosted sign-in without a code, or with a state never sent, is refused", async ({ page }) => {
  await page.goto("/auth/callback/");
  await expect(page.getByRole("alert")).toHaveText("Corporate sign-in was cancelled.");
  await page.goto(`/auth/callback/?code=abc&state=${"x".repeat(32)}`);
  await expect(page.getByRole("alert")).toContainText("Please start again.");
  await page.goto("/auth/callback/?error=access_denied&error_description=User%20is%20not%20assigned%20to%20the%20application.");
  await expect(page.getByRole("alert")).toHaveText("User is not assigned to the application.");
});

test("the step screen after a refresh says the sign-in session was lost, with a way back", async ({ page }) => {
  await page.goto("/signin/next");
  await expect(page.getByRole("heading", { name: "Sign-in session lost" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("Your sign-in session was lost");
  await page.getByRole("link", { name: "Back to sign in" }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

test("a passkey sign-in needs the username first", async ({ page }) => {
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText("Enter your username or email to sign in with a passkey.")).toBeVisible();
});
