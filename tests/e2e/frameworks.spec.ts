import { expect, test } from "@playwright/test";
import { accessToken, expectSignedIn, signIn, signOut } from "./support";

const ISO = "ISO/IEC 42001:2023 — AI management system";
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * An administrator enables ISO/IEC 42001; a high-tier application shows its controls; a
 * contributor marks one implemented with evidence; the framework page's progress for it moves.
 */
test("enable a framework, implement a control with evidence, and see progress move", async ({ page }) => {
  const name = `Underwriting model ${Date.now()}`;

  // The demo company follows ISO/IEC 42001 already: the administrator turns it off, then on again.
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Frameworks" }).click();
  const enable = page.getByRole("switch", { name: `Enable ${ISO}` });
  await expect(enable).toBeChecked();
  await enable.click();
  await expect(page.getByText(`${ISO} is no longer enabled.`, { exact: false }).first()).toBeVisible();
  await expect(enable).not.toBeChecked();
  await enable.click();
  await expect(page.getByText(`${ISO} is enabled for your company.`).first()).toBeVisible();
  await signOut(page);

  // A high-tier application in the contributor's group (made through the API: creation is tested elsewhere).
  await signIn(page, "contributor@steward.test");
  await expectSignedIn(page);
  const created = await page.request.post("/v2/applications", {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    data: {
      name,
      details: {
        purpose: "Scores insurance applications for underwriters.",
        intended_users: ["employees"],
        ai_type: "predictive_ml",
        business_criticality: "high",
        decisions_about_people: "supports_human_decision",
        personal_data: "personal",
      },
    },
  });
  expect(created.status()).toBe(201);
  const application = await created.json();
  expect(application.risk_tier).toBe("high");

  await page.goto(`/applications/detail/${application.id}?tab=controls`);
  await page.getByRole("button", { name: new RegExp(`^${escaped(ISO)} · \\d+ controls`) }).click();
  const table = page.getByRole("table", { name: `Controls for ${ISO}` });
  const firstStatus = table.getByRole("combobox", { name: /^Status of C-/ }).first();
  const controlId = (await firstStatus.getAttribute("aria-label"))!.replace("Status of ", "");
  await firstStatus.selectOption("implemented");
  await expect(firstStatus).toHaveValue("implemented");

  await table.getByRole("button", { name: new RegExp(`^Open ${controlId}`) }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(`^${controlId}`) });
  const evidence = dialog.getByRole("form", { name: "Add evidence" });
  await evidence.getByRole("textbox", { name: /^Name/ }).fill("Model validation report");
  await evidence.getByRole("textbox", { name: /^Link/ }).fill("javascript:alert(1)");
  await evidence.getByRole("button", { name: "Add evidence" }).click();
  await expect(dialog.getByText(/http/i).first()).toBeVisible();
  await evidence.getByRole("textbox", { name: /^Link/ }).fill("https://wiki.example.com/underwriting/validation");
  await evidence.getByRole("button", { name: "Add evidence" }).click();
  await expect(dialog.getByRole("link", { name: /Model validation report/ })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await signOut(page);

  // The administrator reads the framework's progress for the application: above zero now.
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await page.goto("/frameworks");
  await page.getByRole("link", { name: `View ${ISO}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: ISO })).toBeVisible();
  // A server-paged grid of the applications the framework applies to.
  const bar = page.getByRole("grid", { name: "Progress by application" }).getByRole("progressbar", { name: `Progress of ${name}` });
  await expect(bar).toHaveAttribute("aria-valuenow", /^[1-9]\d*$/);
});
