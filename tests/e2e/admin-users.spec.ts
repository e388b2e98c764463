import { expect, test, type Page } from "@playwright/test";
import { expectSignedIn, latestMail, signIn, signOut } from "./support";

const menu = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

/**
 * An administrator runs the team from the browser alone. They create a user, who signs in
 * with the e-mailed temporary password, sets their own, and lands on /limited-access; once granted
 * ApplicationContributor on a group, the user sees AI Applications but neither Frameworks nor Admin.
 */
test("an administrator creates a user and grants a role; the user's menu follows", async ({ page, request }) => {
  const email = `casey.${Date.now()}@steward.test`;
  const password = "Casey-Contributor-2026";

  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await menu(page).getByRole("button", { name: "Admin" }).click();
  await menu(page).getByRole("link", { name: "Manage Users" }).click();
  await expect(page.getByRole("heading", { name: "Manage Users" })).toBeVisible();

  const since = new Date(Date.now() - 1000);
  await page.getByRole("button", { name: "Create user" }).click();
  const create = page.getByRole("dialog", { name: "Create user" });
  await create.getByRole("textbox", { name: /E-mail/ }).fill(email);
  await create.getByRole("textbox", { name: /First name/ }).fill("Casey<");
  await create.getByRole("textbox", { name: /Last name/ }).fill("Builder");
  await create.getByRole("button", { name: "Create user" }).click();
  await expect(create.getByText("Use only letters, digits, spaces and _ ~ - .")).toBeVisible();
  await create.getByRole("textbox", { name: /First name/ }).fill("Casey");
  await create.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText(`User created. A temporary password was e-mailed to ${email}.`)).toBeVisible();

  // The new user's page, its breadcrumb titled with the full name.
  await expect(page.getByRole("heading", { name: "Casey Builder" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Casey Builder");
  const userUrl = page.url();
  await signOut(page);

  const mail = await latestMail(request, email, since);
  const temporary = /temporary password:\s+(\S+)/.exec(mail.text)?.[1];
  expect(temporary).toBeTruthy();
  await signIn(page, email, temporary!);
  await expect(page).toHaveURL(/\/signin-confirm$/);
  await page.getByLabel("New password").fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Set password and continue" }).click();
  await expect(page).toHaveURL(/\/limited-access$/);
  await expect(page.getByRole("heading", { name: "Limited access" })).toBeVisible();
  await signOut(page);

  // The administrator grants ApplicationContributor on the Customer AI group.
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await page.goto(userUrl);
  const assignments = page.getByRole("region", { name: "Role assignments" });
  await assignments.getByRole("button", { name: "Add role" }).click();
  const add = page.getByRole("dialog", { name: "Add role" });
  await add.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Application Contributor" }).click();
  await add.getByRole("combobox", { name: "Resource group" }).click();
  await page.getByRole("option", { name: /^Customer AI/ }).click();
  await add.getByRole("button", { name: "Add role" }).click();
  await expect(page.getByText("Casey Builder now has the role Application Contributor in Customer AI.")).toBeVisible();
  await expect(assignments.getByRole("button", { name: "Remove role Application Contributor in Customer AI" })).toBeVisible();
  await signOut(page);

  await signIn(page, email, password);
  await expect(menu(page).getByRole("link", { name: "AI Applications" })).toBeVisible();
  // The bell tells them; opening the notification marks it read.
  await page.getByRole("button", { name: "Open notifications, 1 unread" }).click();
  const bell = page.getByRole("dialog", { name: "Notifications" });
  await expect(bell.getByRole("button", { name: /You were given the role Application Contributor on Customer AI\./ })).toContainText("Just now");
  await bell.getByRole("button", { name: /You were given the role/ }).click();
  await expect(page.getByRole("button", { name: "Open notifications" })).toBeVisible();
  await expect(menu(page).getByRole("link", { name: "Frameworks" })).toHaveCount(0);
  await expect(menu(page).getByRole("button", { name: "Admin" })).toHaveCount(0);
  // Admin pages are not found for them, whatever the URL.
  await page.goto("/manage-users");
  await expect(page.getByRole("heading", { name: "Page Not Found!" })).toBeVisible();
});

test("an administrator creates an API client, sees its secret once, and revokes it", async ({ page }) => {
  const name = `Reporting bot ${Date.now()}`;
  await signIn(page, "admin@steward.test");
  await expectSignedIn(page);
  await page.goto("/api-access");
  await page.getByRole("button", { name: "Create API client" }).click();
  const dialog = page.getByRole("dialog", { name: "Create API client" });
  await dialog.getByRole("textbox", { name: /Name/ }).fill(name);
  await dialog.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Application Reviewer" }).click();
  await dialog.getByRole("combobox", { name: "Resource group" }).click();
  await page.getByRole("option", { name: /^All applications/ }).click();
  await dialog.getByRole("button", { name: "Create" }).click();

  const created = page.getByRole("dialog", { name: "API client created" });
  const clientId = await created.getByRole("textbox", { name: "Client ID" }).inputValue();
  const secret = await created.getByRole("textbox", { name: "Client secret" }).inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(32);

  // The credentials work against the token endpoint.
  const token = await page.request.post("/oauth2/token", {
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}` },
    form: { grant_type: "client_credentials" },
  });
  expect(token.status()).toBe(200);
  const bearer = { Authorization: `Bearer ${(await token.json()).access_token}` };
  expect((await page.request.get("/v2/applications", { headers: bearer })).status()).toBe(200);

  await created.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("grid", { name: "API Access" })).toContainText(name);
  await expect(page.getByRole("grid", { name: "API Access" })).not.toContainText(secret);

  await page.getByRole("grid", { name: "API Access" }).getByRole("row", { name: new RegExp(name) }).getByRole("menuitem", { name: `Revoke ${name}` }).click();
  await page.getByRole("dialog", { name: "Revoke API client?" }).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByRole("grid", { name: "API Access" })).not.toContainText(name);
  // Its token stops working at once.
  expect((await page.request.get("/v2/applications", { headers: bearer })).status()).toBe(401);
});
