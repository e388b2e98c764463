import { expect, test, type Page } from "@playwright/test";
import { expectSignedIn, signIn, signOut } from "./support";

const preview = (page: Page) => page.getByRole("status", { name: /^Risk tier/ });
const approvalActions = (page: Page) => page.getByRole("group", { name: "Approval actions" });

/**
 * A contributor adds an application and answers the questionnaire — the tier preview follows
 * the answers and matches after saving — and submits it; a reviewer takes it into review; an approver
 * approves it. Each sees only the moves their role allows.
 */
test("create, assess, submit, review and approve an application", async ({ page }) => {
  const name = `Claims assistant ${Date.now()}`;

  await signIn(page, "contributor@steward.test");
  await expectSignedIn(page);
  await expect(page.getByRole("heading", { name: "AI Applications" })).toBeVisible();
  await page.getByRole("button", { name: "Add application" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an AI application" });
  await dialog.getByRole("textbox", { name: /Name/ }).fill(name);
  await dialog.getByRole("button", { name: "Add application" }).click();
  await expect(page.getByText("Application saved successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/applications\/detail\/[0-9a-f-]{36}/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  const applicationUrl = page.url();

  // Not assessed until the required questions are answered; the preview follows every answer.
  await expect(preview(page)).toHaveAccessibleName(/Not assessed/);
  await page.getByRole("textbox", { name: /^Purpose/ }).fill("Drafts replies to insurance claims for the claims team.");
  await page.getByRole("group", { name: /Intended users/ }).getByRole("checkbox", { name: "Employees" }).check();
  await page.getByRole("radiogroup", { name: /Type of AI/ }).getByRole("radio", { name: "Generative AI" }).check();
  await page.getByRole("radiogroup", { name: /Decisions about people/ }).getByRole("radio", { name: "No decisions about people" }).check();
  await page.getByRole("radiogroup", { name: /Personal data/ }).getByRole("radio", { name: "No personal data" }).check();
  await page.getByRole("radiogroup", { name: /Business criticality/ }).getByRole("radio", { name: "Low" }).check();
  await expect(preview(page)).toHaveAccessibleName("Risk tier: Low");
  await page.getByRole("radiogroup", { name: /Business criticality/ }).getByRole("radio", { name: "High" }).check();
  await expect(preview(page)).toHaveAccessibleName("Risk tier: High");

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Application saved successfully.")).toBeVisible();
  // What the server stored matches the preview: a reload shows it.
  await page.reload();
  await expect(preview(page)).toHaveAccessibleName("Risk tier: High");

  await expect(approvalActions(page).getByRole("button")).toHaveText(["Submit for review"]);
  await approvalActions(page).getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Submitted", { exact: true }).first()).toBeVisible();
  await expect(approvalActions(page).getByRole("button")).toHaveCount(0);
  await signOut(page);

  // The submission raised the reviewer's badge; the notification opens the application and is read.
  await signIn(page, "reviewer@steward.test");
  await expectSignedIn(page);
  const bell = page.getByRole("button", { name: /^Open notifications/ });
  const unread = async () => Number(/(\d+) unread/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1] ?? 0);
  await expect(bell).toHaveAccessibleName(/\d+ unread/);
  const before = await unread();
  await bell.click();
  await page.getByRole("dialog", { name: "Notifications" }).getByRole("button", { name: new RegExp(`Carlos Contributor submitted ${name} for review`) }).click();
  await expect(page).toHaveURL(applicationUrl);
  await expect.poll(unread).toBe(before - 1);
  // It also waits in My Work.
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "My Work" }).click();
  await page.getByRole("region", { name: "Applications to review" }).getByRole("link", { name }).click();
  await expect(page).toHaveURL(applicationUrl);
  await expect(approvalActions(page).getByRole("button")).toHaveText(["Start review"]);
  await approvalActions(page).getByRole("button", { name: "Start review" }).click();
  await expect(page.getByText("In review", { exact: true }).first()).toBeVisible();
  await signOut(page);

  // The approver finds it in My Work.
  await signIn(page, "approver@steward.test");
  await expectSignedIn(page);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "My Work" }).click();
  await page.getByRole("region", { name: "Applications to approve" }).getByRole("link", { name }).click();
  await expect(page).toHaveURL(applicationUrl);
  await approvalActions(page).getByRole("button", { name: "Approve" }).click();
  await page.getByRole("dialog", { name: "Approve this application?" }).getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Approved", { exact: true }).first()).toBeVisible();
  await expect(approvalActions(page).getByRole("button")).toHaveCount(0);

  // The history records every step.
  await page.getByRole("tab", { name: "Activity" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("April Approver");
  await expect(page.getByRole("tabpanel")).toContainText("Carlos Contributor");
});
