import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { accessToken, expectSignedIn, signIn } from "./support";

/**
 * An Administrator reads the company's audit trail under Admin → Audit log: narrows it by action and by actor,
 * opens an entry to see before and after, exports what the grid shows, and verifies the hash chain.
 */
test("the audit log filters, opens an entry, exports and verifies the chain", async ({ page, request }) => {
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  // A change of our own, so the trail holds an entry of this run.
  const vendor = `Auditable Vendor ${Date.now()}`;
  const created = await request.post("/v2/vendors", { headers: { authorization: `Bearer ${await accessToken(page)}` }, data: { name: vendor } });
  expect(created.status()).toBe(201);

  const menu = page.getByRole("navigation", { name: "Main navigation" });
  await menu.getByRole("button", { name: "Admin" }).click();
  await menu.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  const grid = page.getByRole("grid", { name: "Audit entries" });
  await expect(grid.getByRole("row").nth(1)).toBeVisible();

  // By action: only vendor creations, ours first (newest first).
  const filters = page.getByRole("group", { name: "Filters" });
  await filters.getByRole("combobox", { name: "Action" }).click();
  await page.getByRole("option", { name: "vendor.created" }).click();
  await expect(grid.getByRole("row").nth(1)).toContainText("Ada Admin");
  const actions = grid.getByRole("gridcell").filter({ hasText: /^[a-z_]+\.[a-z_]+$/ });
  await expect(actions.first()).toHaveText("vendor.created");
  expect(new Set(await actions.allTextContents())).toEqual(new Set(["vendor.created"]));

  // By actor as well: the demo data's own vendors are gone, ours stays.
  await filters.getByRole("textbox", { name: "Actor" }).fill("Ada");
  await expect(grid.getByText("Steward demo data")).toHaveCount(0);
  await expect(grid.getByRole("row")).toHaveCount(2);

  // The entry whole: the vendor's name in what it became, and its hashes.
  await grid.getByRole("row").nth(1).click();
  const entry = page.getByRole("dialog", { name: /^Audit entry \d+$/ });
  await expect(entry).toContainText(vendor);
  await expect(entry).toContainText("Previous hash");
  await entry.getByRole("button", { name: "Close" }).click();

  // The export is what the grid shows.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await file.path())!, "utf8")).replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(csv[0]).toBe("No.,When,Actor type,Actor,Actor ID,Action,Record type,Record ID,Before,After,Hash");
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(vendor);

  // Clearing the filters shows the whole trail again.
  await filters.getByRole("button", { name: "Clear filters" }).click();
  await expect(grid.getByText("Steward demo data").first()).toBeVisible();

  await page.getByRole("button", { name: "Verify chain" }).click();
  const verdict = page.getByRole("status").filter({ hasText: "The chain holds" });
  await expect(verdict).toContainText(/The chain holds: \d+ entries/);
  await expect(verdict).toContainText(/Latest hash: [0-9a-f]{64}/);
});

test("the audit log is not offered to those who are not Administrators", async ({ page }) => {
  await signIn(page, "reviewer@steward.test");
  await expectSignedIn(page);
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("button", { name: "Admin" })).toHaveCount(0);
  await page.goto("/audit-log");
  await expect(page.getByRole("heading", { name: "Audit log" })).toHaveCount(0);
});
