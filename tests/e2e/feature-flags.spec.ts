import { expect, test, type Page } from "@playwright/test";
import { accessToken, expectSignedIn, signIn } from "./support";

/**
 * Admin → Feature flags: an Administrator turns the product's own flags off, and for another user the LLM testing
 * area and the export menus are gone after a reload (the LLM pages are not found); turned back on, they return.
 */
const exportButton = (page: Page) => page.getByRole("toolbar").getByRole("button", { name: "Export" });

async function openLlmResults(page: Page) {
  await page.getByRole("link", { name: "AI Applications" }).click();
  await page.getByRole("link", { name: "Support chatbot", exact: true }).click();
  await page.getByRole("tab", { name: "Testing" }).click();
  await page.getByRole("row").filter({ hasText: "LLM responses you supply" }).filter({ hasText: "Ready" }).first().click();
  await expect(page).toHaveURL(/\/application-testing\/results\/llm\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: /^LLM fairness test:/ })).toBeVisible();
  return page.url();
}

test("a flag turned off hides its feature, turned on shows it again", async ({ page, browser, request }) => {
  // The reviewer, in a browser of their own: sees exports and the LLM results while the flags are at their default.
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await signIn(reviewer, "reviewer@steward.test");
  await expectSignedIn(reviewer);
  await expect(exportButton(reviewer)).toBeVisible();
  const llmUrl = await openLlmResults(reviewer);

  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  try {
    const menu = page.getByRole("navigation", { name: "Main navigation" });
    await menu.getByRole("button", { name: "Admin" }).click();
    await menu.getByRole("link", { name: "Feature flags" }).click();
    await expect(page.getByRole("heading", { name: "Feature flags" })).toBeVisible();
    const grid = page.getByRole("grid", { name: "Feature flags" });
    const llmRow = grid.getByRole("row").filter({ hasText: "llm-testing" });
    await expect(llmRow).toContainText("Product");
    await expect(llmRow).toContainText("The LLM testing area");

    for (const key of ["llm-testing", "data-export"]) {
      const toggle = page.getByRole("switch", { name: `${key} on or off` });
      await expect(toggle).toBeChecked();
      await toggle.click();
      await expect(page.getByText(`${key} is off.`)).toBeVisible();
      await expect(toggle).not.toBeChecked();
    }

    // After a reload the reviewer's LLM results are not found, and the lists offer no export.
    await reviewer.goto(llmUrl);
    await expect(reviewer.getByRole("heading", { name: "Page Not Found!" })).toBeVisible();
    await reviewer.goto("/applications");
    await expect(reviewer.getByRole("grid").getByRole("row").nth(1)).toBeVisible();
    await expect(exportButton(reviewer)).toHaveCount(0);

    // Back on: both return.
    for (const key of ["llm-testing", "data-export"]) {
      await page.getByRole("switch", { name: `${key} on or off` }).click();
      await expect(page.getByText(`${key} is on.`)).toBeVisible();
    }
    await reviewer.reload();
    await expect(exportButton(reviewer)).toBeVisible();
    await reviewer.goto(llmUrl);
    await expect(reviewer.getByRole("heading", { level: 1, name: /^LLM fairness test:/ })).toBeVisible();
  } finally {
    // Whatever happened above, the product's flags go back to their defaults for the specs that follow.
    const headers = { authorization: `Bearer ${await accessToken(page)}` };
    for (const key of ["llm-testing", "data-export"]) await request.delete(`/v2/feature-flags/${key}`, { headers });
    await reviewerContext.close();
  }
});
