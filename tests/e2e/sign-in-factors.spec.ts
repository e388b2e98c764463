import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, expectSignedIn, signIn, signOut } from "./support";
import { addVirtualAuthenticator, createUserWithPassword, freshTotpCode, passwordAccessToken, totpCode, USER_PASSWORD } from "./identity-support";

/** Second factors and passkeys as a person meets them: set up in Settings, asked for at the next sign-in. */

const newEmail = (what: string) => `${what}.${Date.now()}@steward.test`;

async function asAdminCreate(page: Page, request: Parameters<typeof createUserWithPassword>[1], email: string) {
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await createUserWithPassword(page, request, email);
  await signOut(page);
}

test("an authenticator app set up in Settings is asked for at the next sign-in, and a wrong code is refused", async ({ page, request }) => {
  const email = newEmail("totp");
  await asAdminCreate(page, request, email);

  await signIn(page, email, USER_PASSWORD);
  await expectSignedIn(page);
  await page.goto("/settings");
  const security = page.getByRole("region", { name: "Sign-in security" });
  await security.getByRole("button", { name: "Set up authenticator app" }).click();
  const dialog = page.getByRole("dialog", { name: "Set up an authenticator app" });
  await expect(dialog.getByRole("img", { name: "QR code to add Steward to your authenticator app" })).toBeVisible();
  const secret = await dialog.getByRole("textbox", { name: "Secret key" }).inputValue();
  const setupCode = totpCode(secret);
  await dialog.getByRole("textbox", { name: /6-digit code/ }).fill(setupCode);
  await dialog.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(dialog).toBeHidden();
  await expect(security.getByRole("button", { name: "Turn off authenticator app" })).toBeVisible();
  await signOut(page);

  await signIn(page, email, USER_PASSWORD);
  await expect(page).toHaveURL(/\/signin\/next$/);
  await expect(page.getByRole("heading", { name: "Enter your authenticator code" })).toBeVisible();
  await page.getByLabel("6-digit code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/signin\/next$/);
  // The code used for setup is spent: the app's next code signs in.
  await page.getByLabel("6-digit code").fill(await freshTotpCode(secret, setupCode));
  await page.getByRole("button", { name: "Verify" }).click();
  await expectSignedIn(page);
});

test("a passkey added in Settings signs in without a password (Chromium's virtual authenticator)", async ({ page, request }) => {
  const email = newEmail("passkey");
  await asAdminCreate(page, request, email);
  await addVirtualAuthenticator(page);

  await signIn(page, email, USER_PASSWORD);
  await expectSignedIn(page);
  await page.goto("/settings");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("The passkey was added.")).toBeVisible();
  await expect(passkeys.getByRole("list", { name: "Passkeys" }).getByRole("listitem")).toHaveCount(1);
  await signOut(page);

  await page.goto("/signin");
  await page.getByLabel("Username or email").fill(email);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expectSignedIn(page);

  // Used once, the passkey now says when.
  await page.goto("/settings");
  await expect(page.getByRole("region", { name: "Passkeys" }).getByText(/Last used/)).toBeVisible();
});

test("when the company requires a second factor, a user without one sets it up during sign-in", async ({ page, request }) => {
  const email = newEmail("policy");
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await createUserWithPassword(page, request, email);
  // A token of the Administrator's own, which outlives the page's sign-out below.
  const headers = { Authorization: `Bearer ${await passwordAccessToken(request, "admin@steward.test", DEMO_PASSWORD)}` };
  const setPolicy = async (mfa_policy: string) => expect((await request.patch("/v2/company", { headers, data: { mfa_policy } })).status()).toBe(200);
  await setPolicy("required_all");
  try {
    await signOut(page);
    await signIn(page, email, USER_PASSWORD);
    await expect(page).toHaveURL(/\/signin\/next$/);
    await expect(page.getByRole("heading", { name: "Set up a second factor" })).toBeVisible();
    await page.getByRole("radio", { name: "Authenticator app" }).check();
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Set up your authenticator app" })).toBeVisible();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = await page.getByLabel("Setup key").inputValue();
    await page.getByLabel("6-digit code").fill(totpCode(secret));
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await expectSignedIn(page);

    // Required now, the factor cannot be turned off, and Settings says so.
    await page.goto("/settings");
    await expect(page.getByRole("region", { name: "Sign-in security" })).toContainText("required");
  } finally {
    // The policy is the demo company's: every other test expects it back at optional.
    await setPolicy("optional");
  }
});
