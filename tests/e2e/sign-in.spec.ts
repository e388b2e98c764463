import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, expectSignedIn, latestMail, signIn, signOut } from "./support";

test("each demo user with roles signs in and sees their name in the account menu", async ({ page }) => {
  for (const [email, name] of [
    ["admin@steward.test", "Ada Admin"],
    ["reviewer@steward.test", "Rene Reviewer"],
    ["approver@steward.test", "April Approver"],
    ["contributor@steward.test", "Carlos Contributor"],
  ]) {
    await signIn(page, email);
    await expectSignedIn(page);
    await page.getByRole("button", { name: "Open account menu" }).click();
    await expect(page.getByTestId("account-name")).toHaveText(name);
    await page.keyboard.press("Escape");
    await signOut(page);
  }
});

test("sign-in returns to the page that was asked for", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/signin\?to=/);
  await page.getByLabel("Username or email").fill("reviewer@steward.test");
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle("Dashboard | Steward");
});

test("a wrong password shows the provider's message in a red alert", async ({ page }) => {
  await signIn(page, "approver@steward.test", "Wrong-Password-2026");
  await expect(page.getByRole("alert")).toHaveText("Incorrect username or password.");
  await expect(page).toHaveURL(/\/signin/);
});

test("sign-out leaves nothing in local storage", async ({ page }) => {
  await signIn(page, "reviewer@steward.test");
  await expectSignedIn(page);
  expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
  await signOut(page);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/signin/);
});

test("forgot password, end to end through the outbox", async ({ page, request }) => {
  const email = "contributor@steward.test";
  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // On a busy machine the page may still be fetching its parts: what is typed before it settles can be lost.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const since = new Date(Date.now() - 1000);
  await page.getByLabel("Email").fill(email);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Send reset code" }).click();
  // Anything else the page says instead (a captcha demand, an error) shows in the failure.
  await expect(page.getByRole("status").or(page.getByRole("alert")).first()).toContainText("If the email address you provided is associated with an account", { timeout: 20_000 });

  // A wrong code gets the same generic message, not a hint.
  await page.getByLabel("Reset code").fill("000000");
  await page.getByLabel("New password").fill("Another-Password-2026");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("status")).toContainText("If the email address you provided is associated with an account");

  const mail = await latestMail(request, email, since);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code).toBeTruthy();
  await page.getByLabel("Reset code").fill(code!);
  await page.getByLabel("New password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, email);
  await expectSignedIn(page);
});

test("an unknown address gets the same message as a known one", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("nobody-here@steward.test");
  await page.getByRole("button", { name: "Send reset code" }).click();
  await expect(page.getByRole("status")).toContainText("If the email address you provided is associated with an account");
  await expect(page.getByLabel("Reset code")).toBeVisible();
});

test("the new-password rules are enforced on the reset form", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("nobody-else@steward.test");
  await page.getByRole("button", { name: "Send reset code" }).click();
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Reset code is required")).toBeVisible();
  await expect(page.getByText("Password must be at least 15 characters and contain an uppercase letter, lowercase letter, and number")).toBeVisible();
});

test("after three failed sign-ins the captcha appears, and sign-in works once it is solved", async ({ page }) => {
  const email = "noroles@steward.test";
  for (let i = 0; i < 3; i++) {
    await signIn(page, email, `Wrong-Password-${i}-2026`);
    await expect(page.getByRole("alert")).toBeVisible();
  }
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await expect(page.getByTestId("captcha")).toBeVisible();
  const submit = page.getByRole("button", { name: "Sign In", exact: true });
  await expect(submit).toBeDisabled();
  // The widget's own check mark overlays its input: click the label, as a person does.
  await page.getByTestId("captcha").getByText("I'm not a robot").click();
  await expect(page.getByTestId("captcha")).toContainText("Verified", { timeout: 30_000 });
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await submit.click();
  await expect(page).not.toHaveURL(/\/signin/);
});

test("the idle dialog asks before the session ends, and No signs out", async ({ page }) => {
  // Shorten the idle timeout the server hands out: 0.5 min = 30 s, prompt at 25 s. The dialog then stays 5 s before
  // the session ends, long enough to be seen and answered on a busy machine (a 1 s window could be missed).
  await page.route("**/config.json", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, idleTimeoutMinutes: 0.5 } });
  });
  await signIn(page, "approver@steward.test");
  const dialog = page.getByRole("dialog", { name: "Are you still working?" });
  await expect(dialog).toBeVisible({ timeout: 40_000 });
  await expect(dialog).toContainText("It looks like you've been idle for a while. Do you want to continue your session?");
  await dialog.getByRole("button", { name: "Yes" }).click();
  await expect(dialog).toBeHidden();
  await expect(dialog).toBeVisible({ timeout: 40_000 });
  await dialog.getByRole("button", { name: "No" }).click();
  await expect(page).toHaveURL(/\/signin/);
});

test("the sign-in form says what is missing, checks again as the user types, and trims the username", async ({ page }) => {
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Username must be at least 3 characters.")).toBeVisible();
  await expect(page.getByText("Please enter your password.")).toBeVisible();
  await page.getByLabel("Username or email").fill("  reviewer@steward.test  ");
  await expect(page.getByText("Username must be at least 3 characters.")).toHaveCount(0);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectSignedIn(page);
});
