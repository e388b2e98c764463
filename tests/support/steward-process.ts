import { DEMO_PASSWORD } from "../../server/db/seed";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";

/** Polls `check` until it answers something truthy (errors count as not yet), or gives up after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A demo user's access token from a Steward process's local identity service, over HTTP as the browser signs in. */
export async function signInOverHttp(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/identity`, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.InitiateAuth" },
    body: JSON.stringify({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { AccessToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in as ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.AuthenticationResult.AccessToken;
}
