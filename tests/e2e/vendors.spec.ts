import { expect, test } from "@playwright/test";
import { expectSignedIn, signIn } from "./support";

/**
 * A contributor records a vendor, answers its risk questions — the preview says high risk and
 * why — links it to an application, and sees the application's `vendor` descriptor flagged with the reason.
 */
test("a vendor rated high risk flags the applications that use it", async ({ page }) => {
  const name = `Scorewise ${Date.now()}`;
  await signIn(page, "contributor@steward.test");
  await expectSignedIn(page);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Vendors" }).click();
  await expect(page.getByRole("heading", { name: "Vendors" })).toBeVisible();
  await page.getByRole("button", { name: "Add vendor" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a vendor" });
  await dialog.getByRole("textbox", { name: /Website/ }).fill("ftp://scorewise.example");
  await dialog.getByRole("textbox", { name: /Name/ }).fill(name);
  await dialog.getByRole("button", { name: "Add vendor" }).click();
  await expect(dialog.getByText(/http/i)).toBeVisible();
  await dialog.getByRole("textbox", { name: /Website/ }).fill("https://scorewise.example");
  await dialog.getByRole("button", { name: "Add vendor" }).click();
  await expect(page).toHaveURL(/\/vendors\/detail\/[0-9a-f-]{36}/);

  const questions = page.getByRole("region", { name: "Risk questions" });
  await questions.getByRole("radiogroup", { name: /Trains on customer data/ }).getByRole("radio", { name: "No", exact: true }).check();
  await questions.getByRole("radiogroup", { name: /Personal data processed/ }).getByRole("radio", { name: "No", exact: true }).check();
  // Unanswered questions count against a vendor; answered "No", this one is no longer among the reasons.
  await expect(page.getByRole("list", { name: "Why" })).not.toContainText("Trains on customer data");
  await questions.getByRole("radiogroup", { name: /Trains on customer data/ }).getByRole("radio", { name: "Yes", exact: true }).check();
  await expect(page.getByRole("status", { name: /^Vendor risk/ })).toHaveAccessibleName("Vendor risk: High risk");
  await expect(page.getByRole("list", { name: "Why" })).toContainText("Trains on customer data");
  await questions.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();

  // Link it to an application the contributor works on.
  await page.goto("/applications");
  await page.getByRole("link", { name: "Meeting notes summariser", exact: true }).click();
  await page.getByRole("combobox", { name: "Vendors used" }).click();
  await page.getByRole("option", { name: new RegExp(name) }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Application saved successfully.")).toBeVisible();
  const preview = page.getByRole("region", { name: "Risk tier preview" });
  await expect(preview.getByRole("list", { name: "Risk descriptors" })).toContainText("Uses a vendor rated high risk");
  await expect(page.getByText(`${name}: Trains on customer data`, { exact: false })).toBeVisible();

  // The vendor lists the application that uses it, with its tier.
  await page.goto("/vendors");
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("region", { name: "Applications that use this vendor" })).toContainText("Meeting notes summariser");
});
