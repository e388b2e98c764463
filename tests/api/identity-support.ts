import type { FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { Amplify } from "aws-amplify";
import { cognitoUserPoolsTokenProvider } from "aws-amplify/auth/cognito";
import { decodeJwt } from "jose";
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from "../../server/identity/settings";

/**
 * Helpers for the identity tests: the real Amplify v6 client pointed at a listening app, and raw
 * protocol calls for what Amplify does not expose (old refresh tokens, odd bodies).
 */

/** Amplify's token store in Node: a Map we can look into (the refresh token is not otherwise exposed). */
export class MapStorage {
  readonly items = new Map<string, string>();
  async setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  async getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
  async clear() {
    this.items.clear();
  }
  refreshToken(): string | undefined {
    for (const [key, value] of this.items) if (key.endsWith(".refreshToken")) return value;
    return undefined;
  }
}

/** Listens on a free port and configures Amplify against it, exactly as the browser does (userPoolEndpoint). */
export async function configureAmplify(app: FastifyInstance): Promise<{ endpoint: string; storage: MapStorage }> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}/identity`;
  Amplify.configure({ Auth: { Cognito: { userPoolId: LOCAL_POOL_ID, userPoolClientId: LOCAL_CLIENT_ID, userPoolEndpoint: endpoint } } });
  const storage = new MapStorage();
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
  return { endpoint, storage };
}

export const TARGET = "AWSCognitoIdentityProviderService.";

/** One protocol call through inject, as Amplify would send it. */
export async function protocol(app: FastifyInstance, operation: string, body: unknown, options: { remoteAddress?: string } = {}) {
  const res = await app.inject({
    method: "POST",
    url: "/identity",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `${TARGET}${operation}` },
    payload: typeof body === "string" ? body : JSON.stringify(body),
    remoteAddress: options.remoteAddress,
  });
  return { status: res.statusCode, body: res.json() as Record<string, any>, headers: res.headers };
}

/** USER_PASSWORD_AUTH through the protocol; the AuthenticationResult (throws with the error type otherwise). */
export async function signInRaw(app: FastifyInstance, username: string, password: string, remoteAddress?: string) {
  const res = await protocol(
    app,
    "InitiateAuth",
    { AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: username, PASSWORD: password } },
    { remoteAddress },
  );
  if (res.status !== 200 || !res.body.AuthenticationResult) throw new Error(`sign-in failed: ${res.status} ${res.body.__type}`);
  return res.body.AuthenticationResult as { AccessToken: string; IdToken: string; RefreshToken: string; ExpiresIn: number };
}

export async function currentUser(app: FastifyInstance, accessToken: string) {
  return app.inject({ method: "GET", url: "/v2/access/user", headers: { authorization: `Bearer ${accessToken}` } });
}

/** The newest outbox message for an address, and the 6-digit code or temporary password in it. */
export async function latestMail(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: "GET", url: "/dev/outbox" });
  const mail = (res.json() as Array<{ to: string; subject: string; text: string; sent_at: string }>).find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return { ...mail, code: /\b(\d{6})\b/.exec(mail.text)?.[1] };
}

export const claims = (token: string) => decodeJwt(token) as Record<string, unknown>;
