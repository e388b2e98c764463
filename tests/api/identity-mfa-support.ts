import { vi } from "vitest";
import { HOTP, Secret } from "otpauth";
import { eq } from "drizzle-orm";
import { setUpTOTP, signIn, signOut, verifyTOTPSetup } from "aws-amplify/auth";
import type { TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { companies, identityUsers } from "../../server/db/schema";
import type { MfaPolicy } from "../../domain/auth/mfa";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";
import { protocol } from "./identity-support";

/** Helpers for the MFA tests: an authenticator app computed with otpauth, a clock the tests move, the company policy. */

export const USER_PASSWORD_AUTH = { authFlowType: "USER_PASSWORD_AUTH" } as const;

/**
 * Freezes Date (only Date: timers and the event loop run as usual) at the start of a TOTP step, so the
 * tests choose which step a code belongs to. Both the server and Amplify run in this process and share it.
 */
export function freezeClock(): void {
  const stepStart = (Math.floor(Date.now() / 30_000) + 1) * 30_000;
  vi.useFakeTimers({ toFake: ["Date"], now: stepStart + 1_000 });
}
export const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

export const currentStep = () => Math.floor(Date.now() / 30_000);
/** The code the authenticator app shows for `step` (default: now). */
export const codeAt = (secret: string, step = currentStep()) => HOTP.generate({ secret: Secret.fromBase32(secret), counter: step, digits: 6, algorithm: "SHA1" });
/** A code that matches no step in the window (the next few steps' codes are avoided). */
export function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((d) => codeAt(secret, currentStep() + d)));
  for (let i = 0; ; i++) {
    const candidate = String(123_456 + i * 7_919).padStart(6, "0").slice(-6);
    if (!near.has(candidate)) return candidate;
  }
}

export async function setPolicy(t: TestApp, policy: MfaPolicy): Promise<void> {
  await t.database.db.update(companies).set({ mfaPolicy: policy });
}

export async function identityRow(t: TestApp, email: string) {
  const [row] = await t.database.db.select().from(identityUsers).where(eq(identityUsers.username, email));
  return row;
}

/** Signs in (no second factor yet), sets up and verifies an authenticator app through Amplify, signs out; its secret. */
export async function withAuthenticator(email: string): Promise<string> {
  const first = await signIn({ username: email, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
  if (!first.isSignedIn) throw new Error(`expected a plain sign-in, got ${first.nextStep.signInStep}`);
  const { sharedSecret } = await setUpTOTP();
  await verifyTOTPSetup({ code: codeAt(sharedSecret) });
  await signOut();
  return sharedSecret;
}

/** The error a promise rejects with (fails when it resolves). */
export async function failure(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { name: string; message: string };
  }
  throw new Error("expected a failure");
}

/** USER_PASSWORD_AUTH through the protocol: the raw answer (a challenge or tokens). */
export async function initiateRaw(t: TestApp, email: string, password = DEMO_PASSWORD) {
  return protocol(t.app, "InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: password } });
}

export async function respondRaw(t: TestApp, challenge: string, session: string, responses: Record<string, string>) {
  return protocol(t.app, "RespondToAuthChallenge", { ChallengeName: challenge, ClientId: LOCAL_CLIENT_ID, Session: session, ChallengeResponses: responses });
}
