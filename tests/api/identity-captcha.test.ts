import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetPassword, signIn, signOut } from "aws-amplify/auth";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";
import { configureAmplify, protocol } from "./identity-support";

/** ALTCHA after repeated sign-in failures: required, solvable, and each solution good for one request. */
let t: TestApp;
const USER_PASSWORD_AUTH = { authFlowType: "USER_PASSWORD_AUTH" } as const;

beforeAll(async () => {
  t = await createTestApp();
  await configureAmplify(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await signOut().catch(() => {});
});

/** What the ALTCHA widget hands the page: base64 of { challenge, solution }. */
async function solvedPayload(): Promise<string> {
  const res = await t.app.inject({ method: "GET", url: "/identity/captcha/challenge" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

async function required(query: string) {
  return (await t.app.inject({ method: "GET", url: `/identity/captcha/required?${query}` })).json().required as boolean;
}

async function failSignIn(username: string) {
  const error = await signIn({ username, password: "Wrong-password-000", options: USER_PASSWORD_AUTH }).catch((e) => e);
  expect(error.name).toBe("NotAuthorizedException");
}

describe("sign-in captcha", () => {
  it("is required after 3 failures, accepts a solution once, and refuses it the second time", async () => {
    const username = "reviewer@steward.test";
    expect(await required(`username=${username}`)).toBe(false);
    for (let i = 0; i < 3; i++) await failSignIn(username);
    expect(await required(`username=${encodeURIComponent("Reviewer@Steward.test")}`)).toBe(true);
    expect(await required("username=approver@steward.test")).toBe(false);

    // Even the right password is refused without a solution.
    const blocked = await signIn({ username, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH }).catch((e) => e);
    expect(blocked.name).toBe("CaptchaRequiredException");
    expect(blocked.message).toBe("Please complete the captcha to continue.");
    const garbage = await signIn({ username, password: DEMO_PASSWORD, options: { ...USER_PASSWORD_AUTH, clientMetadata: { captcha: "bm90IGEgcGF5bG9hZA==" } } }).catch(
      (e) => e,
    );
    expect(garbage.name).toBe("CaptchaRequiredException");

    const captcha = await solvedPayload();
    const result = await signIn({ username, password: DEMO_PASSWORD, options: { ...USER_PASSWORD_AUTH, clientMetadata: { captcha } } });
    expect(result.isSignedIn).toBe(true);
    await signOut();
    // Success forgives the username's failures.
    expect(await required(`username=${username}`)).toBe(false);

    for (let i = 0; i < 3; i++) await failSignIn(username);
    const reused = await signIn({ username, password: DEMO_PASSWORD, options: { ...USER_PASSWORD_AUTH, clientMetadata: { captcha } } }).catch((e) => e);
    expect(reused.name).toBe("CaptchaRequiredException");
  }, 60_000);

  it("is required for every username after 20 failures from one IP", async () => {
    const ip = "203.0.113.7";
    const attempt = (username: string, remoteAddress = ip) =>
      protocol(
        t.app,
        "InitiateAuth",
        { AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: username, PASSWORD: "Wrong-password-000" } },
        { remoteAddress },
      );
    for (let i = 0; i < 20; i++) expect((await attempt(`guess${i}@steward.test`)).body.__type).toBe("NotAuthorizedException");
    const next = await attempt("fresh@steward.test");
    expect(next.status).toBe(400);
    expect(next.body).toEqual({ __type: "CaptchaRequiredException", message: "Please complete the captcha to continue." });
    // The same username from another address is not affected.
    expect((await attempt("fresh@steward.test", "198.51.100.9")).body.__type).toBe("NotAuthorizedException");
  });
});

describe("reset captcha", () => {
  it("is required after 3 reset requests for an address in an hour; the solution goes in clientMetadata", async () => {
    const username = "noroles@steward.test";
    for (let i = 0; i < 3; i++) await resetPassword({ username });
    expect(await required(`username=${username}&flow=reset`)).toBe(true);
    expect(await required(`username=${username}`)).toBe(false);
    await expect(resetPassword({ username })).rejects.toMatchObject({ name: "CaptchaRequiredException" });
    const captcha = await solvedPayload();
    const result = await resetPassword({ username, options: { clientMetadata: { captcha } } });
    expect(result.nextStep.resetPasswordStep).toBe("CONFIRM_RESET_PASSWORD_WITH_CODE");
    await expect(resetPassword({ username, options: { clientMetadata: { captcha } } })).rejects.toMatchObject({ name: "CaptchaRequiredException" });
  }, 60_000);

  it("counts unknown addresses too, so the captcha reveals nothing", async () => {
    const username = "ghost@steward.test";
    for (let i = 0; i < 3; i++) await resetPassword({ username });
    await expect(resetPassword({ username })).rejects.toMatchObject({ name: "CaptchaRequiredException" });
  });
});
