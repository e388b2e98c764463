import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type Download, type Page } from "@playwright/test";
import Papa from "papaparse";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { expectSignedIn, signIn } from "./support";

/** The bytes of a download the page started. */
async function saved(download: Download): Promise<Buffer> {
  return readFile((await download.path())!);
}

/** A CSV download's rows, header first. */
async function csvOf(download: Download): Promise<string[][]> {
  const text = (await saved(download)).toString("utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  return Papa.parse<string[]>(text.slice(1), { delimiter: ",", skipEmptyLines: true }).data;
}

async function pdfTextOf(download: Download): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(await saved(download)) }).promise;
  const parts: string[] = [];
  for (let page = 1; page <= document.numPages; page++) {
    for (const item of (await (await document.getPage(page)).getTextContent()).items) if ("str" in item) parts.push(item.str);
  }
  await document.destroy();
  return parts.join(" ").replace(/\s+/g, " ");
}

async function downloadFrom(page: Page, open: () => Promise<void>, choice: string): Promise<Download> {
  await open();
  const started = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: choice }).click();
  return started;
}

test("the applications grid exports what it shows: its search, sort and visible columns, as CSV and Excel", async ({ page }) => {
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  const grid = page.getByRole("grid", { name: "AI Applications" });
  await page.getByRole("searchbox", { name: "Search applications" }).fill("s");
  await expect(page).toHaveURL(/q/);
  // Sorted by name, descending (it starts ascending).
  await grid.getByRole("columnheader", { name: "Name" }).click();
  await expect(grid.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  const shown = (await grid.getByRole("row").locator('[data-field="name"]').allInnerTexts()).slice(1).map((n) => n.trim());
  expect(shown.length).toBeGreaterThan(2);

  const exportMenu = () => page.getByRole("toolbar").getByRole("button", { name: "Export" }).click();
  const csv = await csvOf(await downloadFrom(page, exportMenu, "CSV"));
  expect(csv[0]).toEqual(["Name", "Risk tier", "Approval status", "Development status", "Owner", "Next review due", "Updated"]);
  expect(csv.slice(1).map((r) => r[0])).toEqual(shown);
  expect(csv.slice(1).every((r) => /^\d{4}-\d{2}-\d{2}T/.test(r[6]))).toBe(true);

  const xlsx = await downloadFrom(page, exportMenu, "Excel (.xlsx)");
  expect(xlsx.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect((await saved(xlsx)).subarray(0, 2).toString()).toBe("PK");
});

test("an application's dossier and a framework's compliance report download as PDFs", async ({ page }) => {
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await page.getByRole("grid", { name: "AI Applications" }).getByRole("link", { name: "Support chatbot", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Support chatbot" })).toBeVisible();
  const started = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download dossier" }).click();
  const dossier = await started;
  expect(dossier.suggestedFilename()).toMatch(/^Support-chatbot-dossier-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = await pdfTextOf(dossier);
  expect(text).toContain("AI application dossier");
  expect(text).toContain("Questionnaire answers");

  await page.goto("/frameworks");
  await page.getByRole("link", { name: /View ISO\/IEC 42001/ }).click();
  const report = await downloadFrom(page, () => page.getByRole("button", { name: "Compliance report" }).click(), "PDF");
  expect(report.suggestedFilename()).toMatch(/^ISO-IEC-42001-compliance-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(await pdfTextOf(report)).toContain("Requirements and controls");
});

test("a contributor imports applications from their own spreadsheet: template, columns, checked rows, import", async ({ page }, testInfo) => {
  const stamp = Date.now().toString(36);
  await signIn(page, "contributor@steward.test");
  await expectSignedIn(page);
  await page.getByRole("link", { name: "Import" }).click();
  await expect(page.getByRole("heading", { name: "Import applications" })).toBeVisible();

  const template = await downloadFrom(page, () => page.getByRole("button", { name: "Start from the template" }).click(), "Template (CSV)");
  const [header, guide] = await csvOf(template);
  expect(header.slice(0, 2)).toEqual(["Name", "Description"]);
  expect(guide[0]).toMatch(/^# Required/);

  // A spreadsheet of their own, with their own headers.
  await mkdir(testInfo.outputDir, { recursive: true });
  const file = path.join(testInfo.outputDir, "inventory.csv");
  await writeFile(
    file,
    ["Tool,Notes,AI kind", `Ticket triager ${stamp},Sorts support tickets,Generative AI`, `Forecast helper ${stamp},Plans stock,Quantum magic`].join("\n"),
  );
  await page.getByLabel("Choose a CSV or Excel file").setInputFiles(file);
  await expect(page.getByText(`inventory.csv: 2 rows, 3 columns`)).toBeVisible();

  await page.getByRole("combobox", { name: "Name (required)" }).click();
  await page.getByRole("option", { name: "Tool" }).click();
  await page.getByRole("combobox", { name: "Description" }).click();
  await page.getByRole("option", { name: "Notes" }).click();
  await page.getByRole("combobox", { name: "Type of AI" }).click();
  await page.getByRole("option", { name: "AI kind" }).click();
  await page.getByRole("button", { name: "Check the rows" }).click();

  await expect(page.getByRole("status").filter({ hasText: "2 rows" })).toHaveText("2 rows: 1 can be imported (1 new, 0 updates), 1 cannot.");
  const rows = page.getByRole("grid", { name: "Rows of the file" });
  await expect(rows.getByRole("row", { name: new RegExp(`Forecast helper ${stamp}`) })).toContainText("AI kind: “Quantum magic” is not one of: Predictive machine learning; Generative AI; Rules or other.");
  await expect(rows.getByRole("row", { name: new RegExp(`Ticket triager ${stamp}`) })).toContainText("Adds");

  await page.getByRole("radio", { name: "Everything or nothing: only if every row is valid" }).check();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Nothing was imported");
  await page.getByRole("radio", { name: "The valid rows, skipping the others" }).check();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported" })).toContainText("1 added, 0 updated, 1 skipped.");

  await page.getByRole("link", { name: "Back to the list" }).click();
  await expect(page.getByRole("grid", { name: "AI Applications" }).getByRole("link", { name: `Ticket triager ${stamp}`, exact: true })).toBeVisible();

  // The next file with the same columns is matched as before.
  await page.getByRole("link", { name: "Import" }).click();
  await page.getByLabel("Choose a CSV or Excel file").setInputFiles(file);
  await expect(page.getByRole("combobox", { name: "Name (required)" })).toHaveText("Tool");
});
