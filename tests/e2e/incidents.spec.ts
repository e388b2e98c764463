import { expect, test } from "@playwright/test";
import { expectSignedIn, signIn, signOut } from "./support";

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");
/** A time as a `datetime-local` input takes it, in the browser's (this machine's) zone. */
const localInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/**
 * A contributor records a serious incident (a death) on Support chatbot from the application's Incidents tab,
 * sees its report due 10 days after detection, starts investigating it and adds a corrective action on one of
 * the application's controls; the incident list finds it by severity; a reviewer reads it without changing it.
 */
test("a serious incident is recorded, followed up, listed and read", async ({ page }) => {
  const title = `Chatbot advised a lethal dose ${Date.now()}`;
  // Detected two days and an hour ago: the report is due in 8 days minus an hour, "8 days left".
  const detected = new Date(Date.now() - 2 * DAY_MS - 3_600_000);
  detected.setSeconds(0, 0);
  const deadline = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date(detected.getTime() + 10 * DAY_MS));

  await signIn(page, "contributor@steward.test");
  await expectSignedIn(page);
  await page.getByRole("link", { name: "Support chatbot", exact: true }).click();
  await page.getByRole("tab", { name: "Incidents" }).click();
  await page.getByRole("button", { name: "Record incident" }).click();
  const dialog = page.getByRole("dialog", { name: "Record an incident" });
  await expect(dialog.getByRole("combobox", { name: /Application/ })).toHaveText("Support chatbot");
  await dialog.getByRole("textbox", { name: /Title/ }).fill(title);
  await dialog.getByRole("combobox", { name: /Severity/ }).click();
  await page.getByRole("option", { name: "Critical" }).click();
  await dialog.getByLabel(/Detected at/).fill(localInput(detected));
  await dialog.getByRole("checkbox", { name: "Serious incident" }).check();
  await dialog.getByRole("combobox", { name: /Kind of serious incident/ }).click();
  await page.getByRole("option", { name: "Death of a person" }).click();
  await expect(dialog.getByRole("status")).toHaveText(`The report to the authority will be due by ${deadline}: 10 days after detection.`);
  await dialog.getByRole("button", { name: "Record incident" }).click();

  await expect(page).toHaveURL(/\/incidents\/detail\/[0-9a-f-]{36}$/);
  const incidentUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const serious = page.getByRole("region", { name: "Serious incident: report to the authority" });
  await expect(serious).toContainText(`${deadline} (8 days left)`);

  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Move to Investigating" }).click();
  await expect(page.getByText("Status changed to Investigating.")).toBeVisible();
  await expect(page.getByLabel("Status: Investigating")).toBeVisible();

  const actions = page.getByRole("form", { name: "Corrective actions" });
  await actions.getByRole("button", { name: "Add action" }).click();
  const action = actions.getByRole("group", { name: "Corrective action 1" });
  await action.getByRole("textbox", { name: /Action/ }).fill("Block dosage advice in the guardrails");
  await action.getByRole("combobox", { name: "Control" }).click();
  const control = page.getByRole("option", { name: /^C-/ }).first();
  const controlName = (await control.textContent()) ?? "";
  await control.click();
  await actions.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Corrective actions saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("group", { name: "Corrective action 1" }).getByRole("combobox", { name: "Control" })).toHaveText(controlName);

  // The list finds it among the critical incidents.
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Incidents" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Incidents" })).toBeVisible();
  await page.getByRole("combobox", { name: "Severity" }).click();
  await page.getByRole("option", { name: "Critical" }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/severity/);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Investigating");
  await expect(row).toContainText("Death of a person");
  await signOut(page);

  // A reviewer of the application reads it, and may change nothing.
  await signIn(page, "reviewer@steward.test");
  await expectSignedIn(page);
  await page.goto(incidentUrl);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("You can read this incident; contributors of its application and administrators change it.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add action" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete incident" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: /Title/ })).toBeDisabled();
});
