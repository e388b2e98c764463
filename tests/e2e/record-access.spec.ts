import { expect, test, type Browser, type Page } from "@playwright/test";
import { accessToken, expectSignedIn, signIn } from "./support";

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  await expectSignedIn(page);
  return page;
}

/**
 * Rights are decided per record, by the rules the API enforces. Carlos contributes to "Customer AI" and
 * is granted review of one application outside it: both are in his list, and he may edit only the first.
 */
test("a contributor sees Edit only on the applications in reach; one granted for review shows read only", async ({ browser }) => {
  const admin = await signedIn(browser, "admin@steward.test");
  const headers = { authorization: `Bearer ${await accessToken(admin)}` };
  const get = async (path: string) => (await admin.request.get(`/v2${path}`, { headers })).json();
  const [scorer] = (await get("/applications?q=Credit%20limit%20scorer")).items;
  const reviewer = (await get("/access/roles")).items.find((r: { name: string }) => r.name === "ApplicationReviewer");
  const [carlos] = (await get("/access/users?q=contributor%40steward.test")).items;
  const grant = { user_id: carlos.id, role_id: reviewer.id };
  expect((await admin.request.put(`/v2/applications/${scorer.id}/role-assignments`, { headers, data: grant })).status()).toBe(200);

  try {
    const contributor = await signedIn(browser, "contributor@steward.test");
    const grid = contributor.getByRole("grid", { name: "AI Applications" });
    await expect(grid.getByRole("link", { name: "Edit Support chatbot" })).toBeVisible();
    await expect(grid.getByLabel("Credit limit scorer: read only")).toHaveText("Read only");
    await expect(grid.getByRole("link", { name: "Edit Credit limit scorer" })).toHaveCount(0);

    // Its page agrees: the answers can be read, not changed.
    await grid.getByRole("link", { name: "Credit limit scorer", exact: true }).click();
    await expect(contributor.getByRole("heading", { name: "Credit limit scorer" })).toBeVisible();
    await expect(contributor.getByText("You can read these answers; only a contributor or an administrator of this application can change them.")).toBeVisible();
    await expect(contributor.getByRole("button", { name: "Save" })).toHaveCount(0);

    // And the one in reach opens for editing.
    await contributor.goBack();
    await grid.getByRole("link", { name: "Edit Support chatbot" }).click();
    await expect(contributor.getByRole("heading", { name: "Support chatbot" })).toBeVisible();
    await expect(contributor.getByRole("button", { name: "Save" })).toBeVisible();
  } finally {
    await admin.request.delete(`/v2/applications/${scorer.id}/role-assignments?user_id=${grant.user_id}&role_id=${grant.role_id}`, { headers });
  }
});
