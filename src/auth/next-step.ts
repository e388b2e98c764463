/**
 * Where each Amplify sign-in step leads, and the step in progress. Amplify keeps its own sign-in state (session,
 * challenge) in memory; the step it last answered is kept here beside it, so the step screens know what to ask.
 * A page refresh loses both: the step screen then says the session was lost.
 */
import type { SignInOutput } from "aws-amplify/auth";

export type NextStep = SignInOutput["nextStep"];
export type SignInStep = NextStep["signInStep"];

/** After sign-in, the AI Applications list (unless a page was asked for). */
export const HOME_AFTER_SIGN_IN = "/applications";
/** The screen that asks for whatever the current step needs. */
export const NEXT_STEP_PATH = "/signin/next";

/** Steps answered on the step screen; the others have pages of their own or end the sign-in. */
export const STEP_SCREEN_STEPS = [
  "CONFIRM_SIGN_IN_WITH_TOTP_CODE",
  "CONFIRM_SIGN_IN_WITH_EMAIL_CODE",
  "CONFIRM_SIGN_IN_WITH_SMS_CODE",
  "CONTINUE_SIGN_IN_WITH_MFA_SELECTION",
  "CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION",
  "CONTINUE_SIGN_IN_WITH_TOTP_SETUP",
  "CONTINUE_SIGN_IN_WITH_EMAIL_SETUP",
  "CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION",
  "CONFIRM_SIGN_IN_WITH_PASSWORD",
  "CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE",
  "CONFIRM_SIGN_UP",
] as const satisfies readonly SignInStep[];

/** Only same-site paths: a `to` that names another site is ignored. */
export function safeRequestedPath(requested?: string | null): string | undefined {
  return requested && requested.startsWith("/") && !requested.startsWith("//") && !requested.startsWith("/\\") ? requested : undefined;
}

/** The route for a step; `null` for a step this application does not handle. */
export function routeForStep(step: string, requested?: string): string | null {
  if (step === "DONE") return safeRequestedPath(requested) ?? HOME_AFTER_SIGN_IN;
  if (step === "CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED") return "/signin-confirm";
  if (step === "RESET_PASSWORD") return "/forgot-password";
  if ((STEP_SCREEN_STEPS as readonly string[]).includes(step)) return NEXT_STEP_PATH;
  return null;
}

/**
 * Set for a session from the hosted sign-in: the provider's logout URL, which sign-out then visits. Kept here, not
 * with the hosted sign-in client, so sign-out does not load that client.
 */
export const FEDERATED_LOGOUT_KEY = "steward.federatedLogout";

export interface SignInProgress {
  nextStep: NextStep;
  /** The name the user typed (confirm-sign-up and device data need it). */
  username: string;
  /** The page asked for before sign-in, kept until DONE. */
  redirectTo?: string;
}

let progress: SignInProgress | null = null;

export const rememberProgress = (value: SignInProgress) => {
  progress = value;
};
export const currentProgress = (): SignInProgress | null => progress;
export const forgetProgress = () => {
  progress = null;
};
