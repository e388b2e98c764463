// @vitest-environment jsdom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { Amplify } from "aws-amplify";
import { fetchAuthSession, signOut } from "aws-amplify/auth";
import { beginHostedSignIn } from "../../../auth/hosted-ui";
import { initTestI18n } from "../../../test-support/i18n";
import { renderAuthPage, testClientConfig } from "../render-auth-page";
import CallbackPage from "./CallbackPage";

/** The provider's token endpoint on loopback. */
let server: Server;
let origin: string;
let tokenBody: unknown;
const jwt = (payload: object) => ["e30", Buffer.from(JSON.stringify(payload)).toString("base64url"), "sig"].join(".");
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await initTestI18n();
  server = createServer((req, res) => {
    req.resume().on("end", () => res.writeHead(req.url === "/oauth2/token" ? 200 : 404, { "content-type": "application/json" }).end(JSON.stringify(tokenBody)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Amplify.configure({ Auth: { Cognito: { userPoolId: "eu-west-1_pages", userPoolClientId: "client-1" } } });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  await signOut().catch(() => {});
});
afterEach(cleanup);

/** Starts a hosted sign-in, then lands on the callback with the provider's answer (`state` defaults to the one sent). */
async function returnWith(params: Record<string, string>, keepState = true, path = "/auth/callback/") {
  const config = testClientConfig(origin);
  const start = new URL(await beginHostedSignIn({ config, identityProvider: "acme-oidc" }));
  const query = new URLSearchParams({ ...(keepState && "code" in params ? { state: start.searchParams.get("state")! } : {}), ...params });
  window.history.replaceState(null, "", `${path}?${query}`);
  renderAuthPage(<CallbackPage />, { path: `${path}?${query}`, pattern: "/auth/callback/", config });
}

describe("/auth/callback/", () => {
  it("signs the user in and opens the app", async () => {
    const access = jwt({ sub: "u1", username: "ana", iat: now(), exp: now() + 3600 });
    tokenBody = { access_token: access, id_token: jwt({ sub: "u1", iat: now(), exp: now() + 3600 }), refresh_token: "r1" };
    await returnWith({ code: "c-ok" });
    expect((await screen.findByTestId("location")).textContent).toBe("/");
    expect((await fetchAuthSession()).tokens?.accessToken.toString()).toBe(access);
  });

  it("shows the provider's description of what went wrong", async () => {
    await returnWith({ error: "access_denied", error_description: "User is not assigned to the application." });
    expect((await screen.findByRole("alert")).textContent).toBe("User is not assigned to the application.");
    expect(screen.getByRole("link", { name: "Back to sign in" })).toBeTruthy();
  });

  it("answers on the callback path without its trailing slash too", async () => {
    await returnWith({ error: "server_error", error_description: "The provider is down." }, true, "/auth/callback");
    expect((await screen.findByRole("alert")).textContent).toBe("The provider is down.");
  });

  it("refuses an answer whose state is not the one sent", async () => {
    await returnWith({ code: "c-1", state: "y".repeat(32) });
    expect((await screen.findByRole("alert")).textContent).toMatch(/state could not be validated/);
  });

  it("says the sign-in was cancelled when the provider returns without a code", async () => {
    await returnWith({});
    expect((await screen.findByRole("alert")).textContent).toBe("Corporate sign-in was cancelled.");
  });

  it("says no access token came back", async () => {
    tokenBody = { id_token: jwt({}) };
    await returnWith({ code: "c-2" });
    expect((await screen.findByRole("alert")).textContent).toMatch(/no access token/);
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });
});
