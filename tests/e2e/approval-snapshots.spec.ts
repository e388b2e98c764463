import { expect, test } from "@playwright/test";
import { accessToken, expectSignedIn, signIn } from "./support";

/**
 * "What did we approve, and what changed since": the approval history of an application lists the snapshot its
 * approval froze; a reviewer reads it whole and compares it field by field with the application as it is now.
 */
test("an approval snapshot is read and compared with the application now", async ({ page, request }) => {
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await page.getByRole("link", { name: "Policy Q&A assistant", exact: true }).click();
  const applicationId = /\/applications\/detail\/([0-9a-f-]{36})/.exec(page.url())![1];
  await page.getByRole("tab", { name: "Approvals" }).click();

  const list = page.getByRole("table", { name: "Approval snapshots" });
  await expect(list.getByRole("row")).toHaveCount(2);
  await expect(list.getByRole("row").nth(1)).toContainText("Approved");
  await expect(list.getByRole("row").nth(1)).toContainText("April Approver");

  // The snapshot whole: the tier decided on, the rules and the answers.
  await list.getByRole("button", { name: /^View the snapshot of / }).click();
  const snapshot = page.getByRole("dialog", { name: /^Approved on / });
  await expect(snapshot.getByRole("table", { name: "Answers" })).toContainText("Answers staff questions about internal policies from the handbook.");
  await expect(snapshot).toContainText(/SHA-256 of this snapshot: [0-9a-f]{64}/);
  await snapshot.getByRole("button", { name: "Close" }).click();

  // A change since the approval: the purpose is reworded.
  const token = await accessToken(page);
  const purpose = `Answers staff questions from the handbook and the intranet (${Date.now()}).`;
  const changed = await request.put(`/v2/applications/${applicationId}`, { headers: { authorization: `Bearer ${token}` }, data: { details: { purpose } } });
  expect(changed.status()).toBe(200);

  const compare = page.getByRole("form", { name: "Compare" });
  await expect(compare.getByRole("combobox", { name: "With" })).toHaveText("The application now");
  await compare.getByRole("button", { name: "Compare" }).click();
  const differences = page.getByRole("table", { name: "Differences" });
  const row = differences.getByRole("row").filter({ hasText: "Purpose" });
  await expect(row).toContainText("Answers");
  await expect(row).toContainText("Answers staff questions about internal policies from the handbook.");
  await expect(row).toContainText(purpose);
  await expect(page.getByRole("status").filter({ hasText: /\d+ differences?/ })).toBeVisible();
});
