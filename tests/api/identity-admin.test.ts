import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";
import { currentUser, latestMail, protocol, signInRaw } from "./identity-support";

/** IdentityAdmin on the local store: what the access routes will call to manage users. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const initiate = (username: string, password: string) =>
  protocol(t.app, "InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: username, PASSWORD: password } });

describe("local IdentityAdmin", () => {
  it("creates a user with a generated temporary password sent to the outbox", async () => {
    const { sub } = await t.app.identity.admin.createUser({ email: "Invited@Steward.test" });
    expect(sub).toMatch(/^[0-9a-f-]{36}$/);
    const mail = await latestMail(t.app, "invited@steward.test");
    const temporary = /^([A-Za-z0-9]{20})$/m.exec(mail.text)![1];
    const res = await initiate("invited@steward.test", temporary);
    expect(res.body.ChallengeName).toBe("NEW_PASSWORD_REQUIRED");
    expect(JSON.parse(res.body.ChallengeParameters.requiredAttributes)).toEqual([]);
    await expect(t.app.identity.admin.createUser({ email: "invited@steward.test" })).rejects.toMatchObject({ problem: "user_exists" });
    await expect(t.app.identity.admin.createUser({ email: "weak@steward.test", temporaryPassword: "weak" })).rejects.toMatchObject({
      problem: "invalid_password",
    });
  });

  it("resets a temporary password: old sessions end and the next sign-in asks for a new password", async () => {
    const email = "approver@steward.test";
    const before = await signInRaw(t.app, email, DEMO_PASSWORD);
    await t.app.identity.admin.resetTemporaryPassword(email);
    expect((await currentUser(t.app, before.AccessToken)).statusCode).toBe(401);
    expect((await initiate(email, DEMO_PASSWORD)).body.__type).toBe("NotAuthorizedException");
    const temporary = /^([A-Za-z0-9]{20})$/m.exec((await latestMail(t.app, email)).text)![1];
    expect((await initiate(email, temporary)).body.ChallengeName).toBe("NEW_PASSWORD_REQUIRED");
  });

  it("signs a user out everywhere and deletes one", async () => {
    const tokens = await signInRaw(t.app, "reviewer@steward.test", DEMO_PASSWORD);
    await t.app.identity.admin.globalSignOut("Reviewer@steward.test");
    expect((await currentUser(t.app, tokens.AccessToken)).statusCode).toBe(401);

    const nora = await signInRaw(t.app, "noroles@steward.test", DEMO_PASSWORD);
    await t.app.identity.admin.deleteUser("noroles@steward.test");
    expect((await currentUser(t.app, nora.AccessToken)).statusCode).toBe(401);
    expect((await initiate("noroles@steward.test", DEMO_PASSWORD)).body.__type).toBe("NotAuthorizedException");
    await expect(t.app.identity.admin.deleteUser("noroles@steward.test")).rejects.toMatchObject({ problem: "user_not_found" });
  });
});
