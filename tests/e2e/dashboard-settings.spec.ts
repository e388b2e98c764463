import { expect, test } from "@playwright/test";
import { expectSignedIn, signIn } from "./support";

/** The dashboard's figures, and the settings a user changes for themself. */
test("the dashboard shows the company's applications by tier and what waits for the reviewer", async ({ page }) => {
  await signIn(page, "reviewer@steward.test");
  await expectSignedIn(page);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Rene" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Applications in scope" })).toContainText(/\d+/);
  await expect(page.getByRole("region", { name: "Reviews overdue" })).toContainText(/[1-9]/);
  await expect(page.getByRole("region", { name: "Risk tier distribution" })).toBeVisible();
  // The demo's submitted applications wait for the reviewer, each a link to act on it.
  await page.getByRole("region", { name: "My next actions" }).getByRole("link", { name: "Credit limit scorer" }).click();
  await expect(page).toHaveURL(/\/applications\/detail\//);
});

test("a user renames themself and switches the whole interface to Spanish", async ({ page }) => {
  await signIn(page, "approver@steward.test");
  await expectSignedIn(page);
  await page.getByRole("button", { name: "Open account menu" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();

  const profile = page.getByRole("form", { name: "Profile" });
  await profile.getByRole("textbox", { name: /First name/ }).fill("April<");
  await profile.getByRole("button", { name: "Save" }).click();
  await expect(profile.getByText("Use only letters, digits, spaces and _ ~ - .")).toBeVisible();
  await profile.getByRole("textbox", { name: /First name/ }).fill("Aprille");
  await profile.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "Español" }).click();
  await profile.getByRole("button", { name: "Save" }).click();

  await expect(page.getByRole("heading", { name: "Configuración" })).toBeVisible();
  await page.getByRole("button", { name: "Abrir menú de la cuenta" }).click();
  await expect(page.getByTestId("account-name")).toHaveText("Aprille Approver");
  await page.keyboard.press("Escape");
  // The dashboard speaks Spanish too.
  await page.getByRole("link", { name: "Panel", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Bienvenido, Aprille" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Aplicaciones en su ámbito" })).toBeVisible();
  await page.goto("/settings");

  // Back to English and the original name, so other tests meet the demo user as seeded.
  const perfil = page.getByRole("form", { name: "Perfil" });
  await perfil.getByRole("textbox", { name: /^Nombre/ }).fill("April");
  await perfil.getByRole("combobox", { name: "Idioma" }).click();
  await page.getByRole("option", { name: "English" }).click();
  await perfil.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
});
