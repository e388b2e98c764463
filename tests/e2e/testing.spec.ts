import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { pdfText } from "../support/files";
import { expectSignedIn, signIn } from "./support";

/**
 * 120 decisions: men 36 of 60 selected (60%), women 18 of 60 (30%). Women's impact ratio is 0.3 ÷ 0.6 =
 * 0.500, under the four-fifths line: adverse impact.
 */
function decisions(): Buffer {
  const rows = ["applicant,sex,shortlisted"];
  for (let i = 0; i < 60; i++) rows.push(`M${i},Male,${i < 36 ? 1 : 0}`);
  for (let i = 0; i < 60; i++) rows.push(`F${i},Female,${i < 18 ? 1 : 0}`);
  return Buffer.from(rows.join("\n") + "\n");
}

/**
 * A contributor uploads decisions from the application's Testing tab, maps their columns over the file's
 * first rows, follows the test on its status page and reads the results: women's impact ratio of 0.500
 * flagged as adverse impact, the 0.8 line on the chart, and what the data was.
 */
test("a fairness test goes from upload to results", async ({ page }) => {
  const name = `Shortlist audit ${Date.now()}`;
  await signIn(page, "contributor@steward.test");
  await expectSignedIn(page);
  await page.getByRole("link", { name: "Support chatbot", exact: true }).click();
  await page.getByRole("tab", { name: "Testing" }).click();
  await page.getByRole("button", { name: "New test" }).click();

  const dialog = page.getByRole("dialog", { name: "New fairness test" });
  await dialog.getByRole("textbox", { name: /Name/ }).fill(name);
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Upload a file" }).click();
  await (await chooser).setFiles({ name: "shortlist.csv", mimeType: "text/csv", buffer: decisions() });
  await expect(dialog.getByText("shortlist.csv is uploaded and chosen.")).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole("table", { name: "First rows of the file" })).toContainText("M0");

  await dialog.getByRole("combobox", { name: /Outcome column/ }).click();
  await page.getByRole("option", { name: "shortlisted", exact: true }).click();
  await dialog.getByRole("combobox", { name: /^Sex/ }).click();
  await page.getByRole("option", { name: "sex", exact: true }).click();
  await dialog.getByRole("button", { name: "Start test" }).click();

  await expect(page).toHaveURL(/\/application-testing\/status-details\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(page.getByText("The test is finished: 120 rows analysed.")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "Open the results" }).click();

  await expect(page).toHaveURL(/\/application-testing\/results\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const women = page.getByRole("row", { name: /^Female/ }).first();
  await expect(women).toContainText("30");
  await expect(women).toContainText("0.500");
  await expect(women).toContainText(/Adverse impact/i);
  await expect(page.getByRole("row", { name: /^Male/ }).first()).toContainText("1.000");
  await expect(page.getByText(/0\.8/).first()).toBeVisible();
  await expect(page.getByText("shortlist.csv").first()).toBeVisible();

  // Back on the tab, the finished test is listed with its finding.
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Adverse impact in 1 group");
});

/** A newcomer finds the demo hiring application's test ready, with its results one click away. */
test("the demo company's hiring application has a ready fairness test", async ({ page }) => {
  await signIn(page, "reviewer@steward.test");
  await expectSignedIn(page);
  await page.getByRole("link", { name: "AI Applications" }).click();
  await page.getByRole("link", { name: "Interview shortlister", exact: true }).click();
  await page.getByRole("tab", { name: "Testing" }).click();
  const row = page.getByRole("row").filter({ hasText: "Ready" }).first();
  await expect(row).toBeVisible();
  await expect(page.getByRole("button", { name: "New test" })).toHaveCount(0);
  await row.click();
  await expect(page).toHaveURL(/\/application-testing\/results\//);
  await expect(page.getByRole("heading", { name: /Sex × race\/ethnicity/ })).toBeVisible();
});

/**
 * The demo chatbot's LLM fairness test: its summary names the flagged group and the rule, a detail table
 * sorts on the server and exports, an unknown table is the 404 page, and the explanation says how to read it.
 */
/** From the applications list to the summary of the demo chatbot's LLM test, as a reviewer; answers its address. */
async function openDemoLlmSummary(page: Page): Promise<string> {
  await signIn(page, "reviewer@steward.test");
  await expectSignedIn(page);
  await page.getByRole("link", { name: "AI Applications" }).click();
  await page.getByRole("link", { name: "Support chatbot", exact: true }).click();
  await page.getByRole("tab", { name: "Testing" }).click();
  await page.getByRole("row").filter({ hasText: "LLM responses you supply" }).filter({ hasText: "Ready" }).first().click();
  await expect(page).toHaveURL(/\/application-testing\/results\/llm\/[0-9a-f-]{36}$/);
  return page.url();
}

test("an LLM fairness test's summary, detail tables and explanation", async ({ page }) => {
  const summaryUrl = await openDemoLlmSummary(page);
  await expect(page.getByRole("heading", { level: 1, name: "LLM fairness test: Support chatbot responses, fairness prompts.csv" })).toBeVisible();
  await expect(page.getByText(/Flagged by the four-fifths rule/).first()).toBeVisible();

  await page.getByRole("link", { name: "Refusals", exact: true }).click();
  await expect(page).toHaveURL(`${summaryUrl}/details/refusals`);
  const grid = page.getByRole("grid");
  await expect(grid.getByRole("row").nth(1)).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  await page.goto(`${summaryUrl}/details/not-a-table`);
  await expect(page.getByText("Table not found")).toBeVisible();

  await page.goto(summaryUrl);
  await page.getByRole("link", { name: "How to read these results" }).click();
  await expect(page).toHaveURL(`${summaryUrl}/explanation`);
  await expect(page.getByRole("heading", { level: 1, name: "How LLM fairness results are computed and read" })).toBeVisible();
  await expect(page.getByText(/sarcasm/i).first()).toBeVisible();
});

/**
 * The demo chatbot's LLM bias summary: the button on its summary page downloads a PDF that names the groups in
 * words, flags the group answered worse and shows each group's own prompt in the most divergent prompts.
 */
test("an LLM fairness test's bias summary downloads as a PDF", async ({ page }) => {
  await openDemoLlmSummary(page);
  await expect(page.getByText(/Flagged by the four-fifths rule: Hispanic/).first()).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "LLM bias summary (PDF)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Support chatbot-.*-llm-bias-summary-en\.pdf$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const { text } = await pdfText(bytes);
  expect(text).toContain("LLM bias summary");
  expect(text).toContain("Support chatbot — ");
  expect(text).toMatch(/Hispanic \d+ [\d.]+% [\d.]+% -?[\d.]+ [\d.]+% [\d.]+ Adverse impact \(under 0\.8\)/);
  expect(text).toContain("Most divergent prompts by Ethnicity");
  expect(text).toMatch(/Customer José Hernández writes|El cliente José Hernández escribe|Customer María Hernández writes|El cliente María Hernández escribe/);
});
