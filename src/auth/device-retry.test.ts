// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Amplify } from "aws-amplify";
import { cognitoUserPoolsTokenProvider } from "aws-amplify/auth/cognito";
import { withDeviceRetry } from "./device-retry";

const PREFIX = "CognitoIdentityServiceProvider.client-1";
const deviceKeys = (user: string) => ["deviceKey", "deviceGroupKey", "randomPasswordKey"].map((k) => `${PREFIX}.${user}.${k}`);
const deviceGone = () => Object.assign(new Error("Device does not exist."), { name: "ResourceNotFoundException" });

beforeAll(() => Amplify.configure({ Auth: { Cognito: { userPoolId: "eu-west-1_devices", userPoolClientId: "client-1" } } }));
beforeEach(async () => {
  localStorage.clear();
  for (const key of [...deviceKeys("ana@acme.test"), ...deviceKeys("ana")]) localStorage.setItem(key, "stored");
  localStorage.setItem(`${PREFIX}.LastAuthUser`, "ana");
  localStorage.setItem(`${PREFIX}.other-user.deviceKey`, "kept");
  // The keys are the ones Amplify reads.
  expect(await cognitoUserPoolsTokenProvider.tokenOrchestrator.getDeviceMetadata("ana")).toEqual({ deviceKey: "stored", deviceGroupKey: "stored", randomPassword: "stored" });
});

describe("a device the service no longer knows", () => {
  it("clears Amplify's stored device data for the user and tries once more", async () => {
    let calls = 0;
    const result = await withDeviceRetry("ana@acme.test", async () => {
      calls += 1;
      if (calls === 1) throw deviceGone();
      return "signed in";
    });
    expect([result, calls]).toEqual(["signed in", 2]);
    // Amplify itself no longer finds a device for either name.
    for (const user of ["ana@acme.test", "ana"]) expect(await cognitoUserPoolsTokenProvider.tokenOrchestrator.getDeviceMetadata(user)).toBeNull();
    for (const key of [...deviceKeys("ana@acme.test"), ...deviceKeys("ana")]) expect(localStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem(`${PREFIX}.other-user.deviceKey`)).toBe("kept");
  });

  it("retries only once", async () => {
    let calls = 0;
    const failing = withDeviceRetry("ana", async () => {
      calls += 1;
      throw deviceGone();
    });
    await expect(failing).rejects.toMatchObject({ name: "ResourceNotFoundException" });
    expect(calls).toBe(2);
  });

  it("leaves other failures and the device data alone", async () => {
    let calls = 0;
    const failing = withDeviceRetry("ana", async () => {
      calls += 1;
      throw Object.assign(new Error("User pool client does not exist."), { name: "ResourceNotFoundException" });
    });
    await expect(failing).rejects.toThrow("User pool client does not exist.");
    expect(calls).toBe(1);
    expect(localStorage.getItem(deviceKeys("ana")[0])).toBe("stored");
  });
});
