import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expectSignedIn, signIn } from "./support";

/** A user's own second factor, and the Administrator's sign-in policy and corporate identity providers. */
test("a user sets up an authenticator app from the secret shown, then turns it off again", async ({ page }) => {
  await signIn(page, "noroles@steward.test");
  await expectSignedIn(page);
  await page.goto("/settings");
  const security = page.getByRole("region", { name: "Sign-in security" });
  await expect(security.getByRole("status")).toContainText("Multi-factor authentication is optional");

  await security.getByRole("button", { name: "Set up authenticator app" }).click();
  const dialog = page.getByRole("dialog", { name: "Set up an authenticator app" });
  await expect(dialog.getByRole("img", { name: "QR code to add Steward to your authenticator app" })).toBeVisible();
  const secret = await dialog.getByRole("textbox", { name: "Secret key" }).inputValue();
  const code = dialog.getByRole("textbox", { name: /6-digit code/ });
  await code.fill("000000");
  await dialog.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(dialog.getByText("That code is not correct. Enter the code your app shows now.")).toBeVisible();

  await code.fill(new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate());
  await dialog.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(dialog).toBeHidden();
  try {
    await expect(security.getByRole("button", { name: "Turn off authenticator app" })).toBeVisible();
  } finally {
    // Leave the demo user as seeded: password only.
    await security.getByRole("button", { name: "Turn off authenticator app" }).click();
    await expect(security.getByRole("button", { name: "Set up authenticator app" })).toBeVisible();
  }
});

test("an Administrator reads the MFA policies and tests the demo identity provider's connection", async ({ page }) => {
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await page.goto("/manage-company");
  const policy = page.getByRole("form", { name: "Multi-factor authentication" });
  await policy.getByRole("combobox", { name: "Who needs a second sign-in step" }).click();
  await expect(page.getByRole("option")).toHaveCount(4);
  await page.keyboard.press("Escape");

  const providers = page.getByRole("table", { name: "Corporate sign-in (SSO)" });
  await expect(providers.getByRole("row", { name: /Demo IdP/ })).toContainText("sso.steward.test");
  await page.getByRole("button", { name: "Edit Demo IdP" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Demo IdP" });
  await expect(dialog.getByText("A secret is stored; enter a new one to replace it.")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Redirect URI" })).toHaveValue(/\/oauth2\/idpresponse$/);

  const popup = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Test connection" }).click();
  const steps = dialog.getByRole("list", { name: "Test steps" });
  await expect(steps).toContainText("Discovery: OK");
  await expect(steps).toContainText("Signing keys: OK");
  await expect(steps).toContainText("Sign-in: Pending");
  // The provider's own sign-in opens for the round trip.
  expect((await popup).url()).toContain("/demo-idp");
  await dialog.getByRole("button", { name: "Cancel" }).click();
});
