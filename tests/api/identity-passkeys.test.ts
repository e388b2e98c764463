import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deleteWebAuthnCredential, listWebAuthnCredentials, signIn, signOut } from "aws-amplify/auth";
import { createTestApp, type TestApp } from "../support/test-app";
import { InvalidStateError, SoftwareAuthenticator } from "../support/software-authenticator";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { configureAmplify, protocol, signInRaw } from "./identity-support";
import { ICLOUD_KEYCHAIN, passkeyProtocol } from "./passkey-support";

/**
 * Passkey registration and management in the local identity service, driven as Amplify v6 drives Cognito's
 * (Start/CompleteWebAuthnRegistration, List, Delete) with a real software authenticator on the other side, and
 * GET /v2/access/user/passkeys. Sign-in with passkeys is in identity-passkeys-sign-in.test.ts.
 */
let t: TestApp;
let origin: string;
const { call, accessTokenOf, identityOnlyUser, register, initiate, answerWebAuthn, passkeysOf } = passkeyProtocol(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  origin = t.config.publicUrl;
  await configureAmplify(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await signOut().catch(() => {});
});

describe("registering a passkey", () => {
  it("hands out creation options for the app's relying party, stores the passkey and lists it", async () => {
    const token = await accessTokenOf("approver@steward.test");
    const authenticator = new SoftwareAuthenticator(origin);
    const { start, credential, complete } = await register(authenticator, token);
    const options = start.CredentialCreationOptions;
    expect(options.rp).toEqual({ id: new URL(origin).hostname, name: "Steward" });
    expect(options.user).toMatchObject({ name: "approver@steward.test", displayName: "approver@steward.test" });
    expect(options.user.id).not.toContain("approver");
    expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-7, -257]);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "preferred" });
    expect(options.excludeCredentials).toEqual([]);
    expect(options.attestation).toBe("none");
    expect(complete).toMatchObject({ status: 200, body: {} });

    const listed = await call("ListWebAuthnCredentials", { AccessToken: token });
    expect(listed.status).toBe(200);
    expect(listed.body.Credentials).toEqual([
      {
        CredentialId: credential.id,
        FriendlyCredentialName: "Passkey",
        RelyingPartyId: new URL(origin).hostname,
        AuthenticatorTransports: ["hybrid", "internal"],
        CreatedAt: expect.any(Number),
      },
    ]);
    expect(Math.abs(listed.body.Credentials[0].CreatedAt - Date.now() / 1000)).toBeLessThan(60);
    expect(listed.body.NextToken).toBeUndefined();
  });

  it("names the passkey after its provider when the authenticator's AAGUID is known", async () => {
    const token = await accessTokenOf("contributor@steward.test");
    const { complete, credential } = await register(new SoftwareAuthenticator(origin, ICLOUD_KEYCHAIN), token);
    expect(complete.status).toBe(200);
    const listed = await call("ListWebAuthnCredentials", { AccessToken: token });
    expect(listed.body.Credentials.find((c: { CredentialId: string }) => c.CredentialId === credential.id).FriendlyCredentialName).toBe("iCloud Keychain");
  });

  it("refuses the same authenticator twice: excluded by the options, and refused if registered anyway", async () => {
    const token = await accessTokenOf("approver@steward.test");
    const authenticator = new SoftwareAuthenticator(origin);
    const { credential } = await register(authenticator, token);

    const again = await call("StartWebAuthnRegistration", { AccessToken: token });
    expect(again.body.CredentialCreationOptions.excludeCredentials).toContainEqual(expect.objectContaining({ id: credential.id }));
    expect(() => authenticator.create(again.body.CredentialCreationOptions)).toThrow(InvalidStateError);

    // A cloned authenticator that ignores the exclusion list still cannot register the same credential id.
    const clone = await register(new SoftwareAuthenticator(origin), token, { credentialId: credential.id });
    expect(clone.complete).toMatchObject({ status: 400, body: { __type: "InvalidParameterException", message: "This passkey is already registered." } });
  });

  it("spends a registration challenge once, and only for the user it was issued to", async () => {
    const token = await accessTokenOf(await identityOnlyUser("spender@steward.test"));
    const { credential, complete } = await register(new SoftwareAuthenticator(origin), token);
    expect(complete.status).toBe(200);
    const replay = await call("CompleteWebAuthnRegistration", { AccessToken: token, Credential: credential });
    expect(replay).toMatchObject({ status: 400, body: { __type: "WebAuthnChallengeNotFoundException" } });

    const start = await call("StartWebAuthnRegistration", { AccessToken: token });
    const made = new SoftwareAuthenticator(origin).create(start.body.CredentialCreationOptions);
    const otherToken = await accessTokenOf(await identityOnlyUser("crosser@steward.test"));
    const crossed = await call("CompleteWebAuthnRegistration", { AccessToken: otherToken, Credential: made });
    expect(crossed).toMatchObject({ status: 400, body: { __type: "WebAuthnChallengeNotFoundException" } });
    expect((await call("ListWebAuthnCredentials", { AccessToken: otherToken })).body.Credentials).toEqual([]);
  });

  it("refuses a passkey made on another origin or for another relying party", async () => {
    const token = await accessTokenOf("noroles@steward.test");
    const phished = await register(new SoftwareAuthenticator(origin), token, { origin: "https://steward.evil.test" });
    expect(phished.complete).toMatchObject({ status: 400, body: { __type: "WebAuthnOriginNotAllowedException" } });
    const foreign = await register(new SoftwareAuthenticator(origin), token, { rpId: "evil.test" });
    expect(foreign.complete).toMatchObject({ status: 400, body: { __type: "WebAuthnRelyingPartyMismatchException" } });
    expect((await call("ListWebAuthnCredentials", { AccessToken: token })).body.Credentials).toEqual([]);
  });

  it("refuses to start a registration while the app is served from an IP address, which browsers refuse as an RP id", async () => {
    const served = await createTestApp({ env: { PUBLIC_URL: "http://127.0.0.1:8080" } });
    try {
      const token = (await signInRaw(served.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken;
      const start = await protocol(served.app, "StartWebAuthnRegistration", { AccessToken: token });
      expect(start).toMatchObject({ status: 400, body: { __type: "WebAuthnConfigurationMissingException", message: expect.stringContaining("PUBLIC_URL") } });
    } finally {
      await served.close();
    }
  });

  it("answers malformed registrations and unknown tokens with a 400 in Cognito's shape", async () => {
    const token = await accessTokenOf("noroles@steward.test");
    for (const Credential of [{}, { id: "x", rawId: "x", type: "public-key", response: { clientDataJSON: "!!", attestationObject: "AA" } }]) {
      const res = await call("CompleteWebAuthnRegistration", { AccessToken: token, Credential });
      expect(res).toMatchObject({ status: 400, body: { __type: "InvalidParameterException" } });
    }
    const garbage = await call("CompleteWebAuthnRegistration", {
      AccessToken: token,
      Credential: { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: Buffer.from("{}").toString("base64url"), attestationObject: "AAAA" } },
    });
    expect(garbage).toMatchObject({ status: 400, body: { __type: "WebAuthnChallengeNotFoundException" } });
    const anonymous = await call("StartWebAuthnRegistration", { AccessToken: "not-a-token" });
    expect(anonymous).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
    const badPage = await call("ListWebAuthnCredentials", { AccessToken: token, NextToken: "bm9wZQ" });
    expect(badPage).toMatchObject({ status: 400, body: { __type: "InvalidParameterException" } });
  });
});

describe("managing passkeys", () => {
  const user = "reviewer@steward.test";

  it("lists and deletes only the caller's own passkeys through the real Amplify client, and a deleted one no longer signs in", async () => {
    const authenticator = new SoftwareAuthenticator(origin);
    const { credential } = await register(authenticator, await accessTokenOf(user));
    const stranger = new SoftwareAuthenticator(origin);
    const { credential: theirs } = await register(stranger, await accessTokenOf("noroles@steward.test"));

    // A sign-in started while the passkey exists, answered after it is gone.
    const pending = await initiate(user, "WEB_AUTHN");
    expect(pending.body.ChallengeName).toBe("WEB_AUTHN");

    await signIn({ username: user, password: DEMO_PASSWORD, options: { authFlowType: "USER_PASSWORD_AUTH" } });
    const { credentials } = await listWebAuthnCredentials();
    expect(credentials.map((c) => c.credentialId)).toEqual([credential.id]);
    expect(credentials[0]).toMatchObject({ friendlyCredentialName: "Passkey", relyingPartyId: new URL(origin).hostname, createdAt: expect.any(Date) });

    const refused = await deleteWebAuthnCredential({ credentialId: theirs.id }).catch((e) => e);
    expect(refused.name).toBe("ResourceNotFoundException");
    await deleteWebAuthnCredential({ credentialId: credential.id });
    expect((await listWebAuthnCredentials()).credentials).toEqual([]);

    const { res } = await answerWebAuthn(authenticator, user, pending.body);
    expect(res).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
    const next = await initiate(user, "WEB_AUTHN");
    expect(next.body).toMatchObject({ ChallengeName: "SELECT_CHALLENGE", AvailableChallenges: ["PASSWORD"] });
    // The stranger's passkey is still theirs.
    const strangerToken = await accessTokenOf("noroles@steward.test");
    expect((await call("ListWebAuthnCredentials", { AccessToken: strangerToken })).body.Credentials.map((c: { CredentialId: string }) => c.CredentialId)).toEqual([theirs.id]);
  });

  it("pages the list with MaxResults and NextToken", async () => {
    const token = await accessTokenOf("admin@steward.test");
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await register(new SoftwareAuthenticator(origin), token)).credential.id);
    const first = await call("ListWebAuthnCredentials", { AccessToken: token, MaxResults: 2 });
    expect(first.body.Credentials).toHaveLength(2);
    const second = await call("ListWebAuthnCredentials", { AccessToken: token, MaxResults: 2, NextToken: first.body.NextToken });
    expect(second.body.NextToken).toBeUndefined();
    expect([...first.body.Credentials, ...second.body.Credentials].map((c: { CredentialId: string }) => c.CredentialId).sort()).toEqual(made.sort());
    for (const id of made) expect((await call("DeleteWebAuthnCredential", { AccessToken: token, CredentialId: id })).status).toBe(200);
  });

  it("shows when each of the caller's passkeys was added and last used at GET /v2/access/user/passkeys", async () => {
    const who = "approver@steward.test";
    const token = await accessTokenOf(who);
    const authenticator = new SoftwareAuthenticator(origin, ICLOUD_KEYCHAIN);
    const { credential } = await register(authenticator, token);
    const before = (await passkeysOf(token)).find((p) => p.credential_id === credential.id);
    expect(before).toEqual({ credential_id: credential.id, name: "iCloud Keychain", created_at: expect.any(String), last_used_at: null });

    const challenge = await initiate(who, "WEB_AUTHN");
    const { res } = await answerWebAuthn(authenticator, who, challenge.body, { credentialId: credential.id });
    expect(res.status).toBe(200);
    const after = (await passkeysOf(token)).find((p) => p.credential_id === credential.id)!;
    expect(Date.parse(after.last_used_at!)).toBeGreaterThanOrEqual(Date.parse(after.created_at));

    // Only the caller's own: another user's list holds none of these.
    const othersIds = (await passkeysOf(await accessTokenOf("admin@steward.test"))).map((p) => p.credential_id);
    const mine = (await passkeysOf(token)).map((p) => p.credential_id);
    expect(othersIds.filter((id) => mine.includes(id))).toEqual([]);
  });
});
