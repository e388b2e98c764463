import { expect, test } from "@playwright/test";
import { accessToken, expectSignedIn, latestMail, signIn, signOut } from "./support";

test("a new user signs in with the temporary password from the outbox and sets their own", async ({ page, request }) => {
  const email = `new.user.${Date.now()}@steward.test`;
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  const since = new Date(Date.now() - 1000);
  const created = await request.post("/v2/access/users", {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    data: { email, first_name: "Nina", last_name: "Newcomer", language: "es" },
  });
  expect(created.status()).toBe(201);
  await signOut(page);

  const mail = await latestMail(request, email, since);
  const temporary = /temporary password:\s+(\S+)/.exec(mail.text)?.[1];
  expect(temporary).toBeTruthy();

  await signIn(page, email, temporary!);
  await expect(page).toHaveURL(/\/signin-confirm$/);
  await page.getByLabel("New password").fill("too-weak");
  await page.getByRole("button", { name: "Set password and continue" }).click();
  await expect(page.getByText("Password must be at least 15 characters and contain an uppercase letter, lowercase letter, and number").first()).toBeVisible();
  await expect(page.getByText("You must agree to the Terms of Use and Privacy Policy")).toBeVisible();

  await page.getByLabel("New password").fill("Nina-Newcomer-2026-Pass");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Set password and continue" }).click();
  // A new user holds no role yet, so the app sends them to /limited-access. Her profile says Spanish,
  // so the app switches to Spanish as soon as it knows her, whatever the browser's language.
  await expect(page).toHaveURL(/\/limited-access$/);
  await expect(page.getByRole("heading", { name: "Acceso limitado" })).toBeVisible();
  await page.getByRole("button", { name: "Abrir menú de la cuenta" }).click();
  await expect(page.getByTestId("account-name")).toHaveText("Nina Newcomer");
  await page.keyboard.press("Escape");

  // The new password is the one that works from now on.
  await page.goto("/auth/signout");
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, email, "Nina-Newcomer-2026-Pass");
  await expect(page.getByRole("heading", { name: "Acceso limitado" })).toBeVisible();
});
