import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { accessToken, latestMail } from "./support";

const TARGET = "AWSCognitoIdentityProviderService.";
export const USER_PASSWORD = "Mfa-Person-2026-Secret";

/** One call of the identity protocol, as Amplify sends it. */
async function identityCall(request: APIRequestContext, operation: string, body: object) {
  const res = await request.post("/identity", {
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `${TARGET}${operation}` },
    data: JSON.stringify(body),
  });
  return { status: res.status(), body: (await res.json()) as Record<string, any> };
}

/**
 * A fresh user with roles of their own and a password of their own (the first sign-in's new-password step
 * done through the protocol), so a test can turn on factors without touching the demo users.
 */
export async function createUserWithPassword(page: Page, request: APIRequestContext, email: string, role = "ApplicationReviewer"): Promise<void> {
  const token = await accessToken(page);
  const since = new Date(Date.now() - 1000);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post("/v2/access/users", { headers, data: { email, first_name: "Mia", last_name: "Factor", language: "en" } });
  expect(created.status(), await created.text()).toBe(201);
  const user = (await created.json()) as { id: string };
  const groups = (await (await request.get("/v2/access/resource-groups", { headers })).json()) as { items: { id: string; group_type: string }[] };
  const everything = groups.items.find((g) => g.group_type === "ALL")!;
  const roles = (await (await request.get("/v2/access/roles", { headers })).json()) as { items: { id: string; name: string }[] };
  const roleId = roles.items.find((r) => r.name === role)!.id;
  const assigned = await request.put(`/v2/access/users/${user.id}/roles/${roleId}/resource-groups/${everything.id}`, { headers });
  expect(assigned.status(), await assigned.text()).toBe(200);

  const temporary = /temporary password:\s+(\S+)/.exec((await latestMail(request, email, since)).text)?.[1];
  const started = await identityCall(request, "InitiateAuth", {
    AuthFlow: "USER_PASSWORD_AUTH",
    ClientId: "steward-web",
    AuthParameters: { USERNAME: email, PASSWORD: temporary },
  });
  expect(started.body.ChallengeName).toBe("NEW_PASSWORD_REQUIRED");
  const done = await identityCall(request, "RespondToAuthChallenge", {
    ChallengeName: "NEW_PASSWORD_REQUIRED",
    ClientId: "steward-web",
    Session: started.body.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: USER_PASSWORD },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

/** An access token for a password sign-in through the protocol, apart from any page (which may have signed out meanwhile). */
export async function passwordAccessToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await identityCall(request, "InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", ClientId: "steward-web", AuthParameters: { USERNAME: email, PASSWORD: password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.AuthenticationResult.AccessToken as string;
}

/** The current code of an authenticator app holding `secret`, as a phone would show it. */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: secret.replace(/\s+/g, ""), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at });
}

/** A code from the next 30-second window: a code is good once, so a second sign-in in the same window waits for a new one. */
export async function freshTotpCode(secret: string, after: string): Promise<string> {
  for (;;) {
    const code = totpCode(secret);
    if (code !== after) return code;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Chromium's virtual authenticator: a platform passkey store that verifies the user, as Touch ID or Windows Hello would. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}
