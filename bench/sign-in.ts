import type { FastifyInstance } from "fastify";
import { DEMO_PASSWORD } from "../server/db/seed";
import { LOCAL_CLIENT_ID } from "../server/identity/settings";

/** A demo user's access token from the local identity service, as the browser gets it. */
export async function demoAccessToken(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/identity",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.InitiateAuth" },
    payload: JSON.stringify({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }),
  });
  const token = res.json().AuthenticationResult?.AccessToken as string | undefined;
  if (!token) throw new Error(`sign-in as ${email} failed: ${res.statusCode} ${res.body}`);
  return token;
}
