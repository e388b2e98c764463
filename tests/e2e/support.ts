import { expect, type Page, type APIRequestContext } from "@playwright/test";

export const DEMO_PASSWORD = "Steward-Demo-2026";

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("Username or email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Open account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  sent_at: string;
}

/** The newest local-outbox message to `to` sent after `since`, polled until it arrives. */
export async function latestMail(request: APIRequestContext, to: string, since: Date): Promise<OutboxMessage> {
  for (let i = 0; i < 50; i++) {
    const messages = (await (await request.get("/dev/outbox")).json()) as OutboxMessage[];
    const found = messages.find((m) => m.to === to && new Date(m.sent_at) >= since);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

/** A sign-in that was not sent from a page lands on /applications, with the app's shell around it. */
export async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/applications$/);
  await expect(page.getByRole("button", { name: "Open account menu" })).toBeVisible();
}

/** The signed-in user's access token, as Amplify keeps it: for setting up data through the API. */
export async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const prefix = "CognitoIdentityServiceProvider.steward-web.";
    const user = localStorage.getItem(`${prefix}LastAuthUser`);
    return localStorage.getItem(`${prefix}${user}.accessToken`) ?? "";
  });
}
