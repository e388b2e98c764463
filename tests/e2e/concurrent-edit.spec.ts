import { expect, test, type Browser, type Page } from "@playwright/test";
import { accessToken, expectSignedIn, signIn } from "./support";

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  await expectSignedIn(page);
  return page;
}

async function stored(page: Page, id: string) {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const application = await (await page.request.get(`/v2/applications/${id}`, { headers })).json();
  const { details } = await (await page.request.get(`/v2/applications/${id}/details`, { headers })).json();
  return { description: application.description as string | null, purpose: details.purpose as string | null };
}

/**
 * Two people edit one application at once. The first save wins; the second is refused with the
 * conflict, shown beside what is stored now, and nothing of it is written until its author reloads
 * and applies the change again.
 */
test("the later of two concurrent saves gets the conflict and never overwrites the earlier one", async ({ browser }) => {
  const name = `Shared edit ${Date.now()}`;
  const contributor = await signedIn(browser, "contributor@steward.test");
  await contributor.getByRole("button", { name: "Add application" }).click();
  const dialog = contributor.getByRole("dialog", { name: "Add an AI application" });
  await dialog.getByRole("textbox", { name: /Name/ }).fill(name);
  await dialog.getByRole("button", { name: "Add application" }).click();
  await expect(contributor).toHaveURL(/\/applications\/detail\/[0-9a-f-]{36}/);
  const id = /detail\/([0-9a-f-]{36})/.exec(contributor.url())![1];

  const admin = await signedIn(browser, "admin@steward.test");
  await admin.goto(`/applications/detail/${id}`);
  await expect(admin.getByRole("heading", { name })).toBeVisible();

  // Both have the form open on the same version; the contributor saves first.
  await contributor.getByRole("textbox", { name: "Description", exact: true }).fill("Summarises claim files for the claims team.");
  await admin.getByRole("textbox", { name: /^Purpose/ }).fill("Answers customer questions about claims.");
  await contributor.getByRole("button", { name: "Save" }).click();
  await expect(contributor.getByText("Application saved successfully.")).toBeVisible();

  await admin.getByRole("button", { name: "Save" }).click();
  const conflict = admin.getByRole("dialog", { name: "This record was changed by someone else" });
  await expect(conflict).toBeVisible();
  const purposeRow = conflict.getByRole("row", { name: /Purpose/ });
  await expect(purposeRow).toContainText("Answers customer questions about claims.");
  await expect(purposeRow).toContainText("Not answered");
  expect(await stored(admin, id)).toEqual({ description: "Summarises claim files for the claims team.", purpose: null });

  // Reloading shows the contributor's save; the admin applies the change again and it is kept beside it.
  await conflict.getByRole("button", { name: "Reload" }).click();
  await expect(conflict).toBeHidden();
  await expect(admin.getByRole("textbox", { name: "Description", exact: true })).toHaveValue("Summarises claim files for the claims team.");
  await expect(admin.getByRole("textbox", { name: /^Purpose/ })).toHaveValue("");
  await admin.getByRole("textbox", { name: /^Purpose/ }).fill("Answers customer questions about claims.");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("Application saved successfully.")).toBeVisible();
  expect(await stored(admin, id)).toEqual({ description: "Summarises claim files for the claims team.", purpose: "Answers customer questions about claims." });
});
