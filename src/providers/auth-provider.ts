import type { AuthProvider } from "@refinedev/core";
import { confirmSignIn, fetchAuthSession, signIn, signOut, type SignInOutput } from "aws-amplify/auth";
import type { CurrentUser } from "../../domain/access/current-user";
import { withDeviceRetry } from "../auth/device-retry";
import { errorWording, UNEXPECTED } from "../auth/error-wording";
import { currentProgress, FEDERATED_LOGOUT_KEY, forgetProgress, rememberProgress, routeForStep } from "../auth/next-step";
import { api } from "./api-client";

interface LoginParams {
  username: string;
  /** Absent for a passkey sign-in. */
  password?: string;
  /** Sign in with a passkey (WebAuthn) instead of the password. */
  passkey?: boolean;
  /** The ALTCHA solution, when the identity service asked for one. */
  captcha?: string;
  redirectTo?: string;
}

export interface ConfirmParams {
  newPassword: string;
}

export type StepResult = { success: true; redirectTo: string } | { success: false; error: { name: string; message: string } };

export function failure(error: unknown, context?: "passkey") {
  const e = error as { name?: string };
  return { success: false as const, error: { name: e?.name ?? "UnexpectedError", message: errorWording(error, context) } };
}

const unexpected = () => ({ success: false as const, error: { name: "UnexpectedError", message: UNEXPECTED } });

async function signInOnce({ username, password, passkey, captcha }: LoginParams): Promise<SignInOutput> {
  const clientMetadata = captcha ? { clientMetadata: { captcha } } : {};
  if (passkey) {
    return signIn({ username: username.trim(), options: { authFlowType: "USER_AUTH", preferredChallenge: "WEB_AUTHN", ...clientMetadata } });
  }
  return signIn({ username: username.trim(), password, options: { authFlowType: "USER_PASSWORD_AUTH", ...clientMetadata } });
}

/**
 * Keeps the step Amplify answered and says where it leads. DONE clears the query cache (a new user's data); a step
 * this application does not handle is the "unexpected error".
 */
export async function advance(output: SignInOutput, username: string, redirectTo?: string): Promise<StepResult> {
  const step = output.nextStep.signInStep;
  const route = routeForStep(step, redirectTo);
  if (!route) {
    forgetProgress();
    return unexpected();
  }
  if (step === "DONE") {
    forgetProgress();
    await clearQueryCache();
  } else rememberProgress({ nextStep: output.nextStep, username, redirectTo });
  return { success: true, redirectTo: route };
}

/** The query cache lives with the signed-in app; loaded on demand so the sign-in pages stay light. */
export async function clearQueryCache(): Promise<void> {
  (await import("./query-client")).queryClient.clear();
}

/** Ends the session on this device: Amplify's tokens, local storage, the query cache. */
async function endLocalSession(global = false): Promise<void> {
  try {
    await signOut({ global });
  } finally {
    // Analytics lives with the signed-in app: loaded here on demand (the same module instance), not with sign-in.
    // Should it fail to load, clearing local storage below still forgets the analytics identity.
    await import("../telemetry/session-end").then((m) => m.forgetTelemetryUser(), () => undefined);
    localStorage.clear();
    sessionStorage.clear();
    forgetProgress();
    await clearQueryCache();
  }
}

/**
 * Sign-out clears local storage, the query cache and the analytics identity. A session from the corporate sign-in
 * also ends at the provider, which then returns the browser to /signin.
 */
export async function clearSession(global = false): Promise<void> {
  const federatedLogout = localStorage.getItem(FEDERATED_LOGOUT_KEY);
  try {
    await endLocalSession(global);
  } finally {
    if (federatedLogout?.startsWith("http")) window.location.assign(federatedLogout);
  }
}

async function hasSession(): Promise<boolean> {
  try {
    return Boolean((await fetchAuthSession()).tokens?.accessToken);
  } catch {
    return false;
  }
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    const username = params.username.trim();
    const context = params.passkey ? ("passkey" as const) : undefined;
    let output: SignInOutput;
    try {
      output = await withDeviceRetry(username, () => signInOnce(params));
    } catch (error) {
      if ((error as Error).name !== "UserAlreadyAuthenticatedException") return failure(error, context);
      // "There is already a signed in user.": sign out first, then sign in again.
      try {
        await endLocalSession();
        output = await withDeviceRetry(username, () => signInOnce(params));
      } catch (retryError) {
        return failure(retryError, context);
      }
    }
    return advance(output, username, params.redirectTo);
  },

  async logout() {
    await clearSession().catch(() => {});
    return { success: true, redirectTo: "/signin" };
  },

  async check() {
    return (await hasSession()) ? { authenticated: true } : { authenticated: false, redirectTo: "/signin", logout: true };
  },

  async onError(error: { statusCode?: number; name?: string }) {
    if (error?.name === "RequestCancelledError") return { logout: true, redirectTo: "/signin" };
    if (error?.statusCode === 401) return { logout: true, redirectTo: "/unauthorized" };
    return {};
  },

  async getIdentity() {
    return api<CurrentUser>({ path: "/access/user" });
  },

  async getPermissions() {
    const user = await api<CurrentUser>({ path: "/access/user" });
    return user.roles;
  },
};

/** The new-password step of a first sign-in (/signin-confirm); a further step (MFA setup) is followed too. */
export async function confirmNewPassword({ newPassword }: ConfirmParams): Promise<StepResult> {
  const result = await answerChallenge(newPassword);
  // DONE here goes to the dashboard rather than the page asked for before the temporary password.
  return result.success && !result.redirectTo.startsWith("/signin") ? { success: true, redirectTo: "/" } : result;
}

/** Answers the current step (a code, a factor chosen, an address, a password) and says where the next one leads. */
export async function answerChallenge(challengeResponse: string, context?: "passkey"): Promise<StepResult> {
  const progress = currentProgress();
  try {
    const output = await withDeviceRetry(progress?.username, () => confirmSignIn({ challengeResponse }));
    return await advance(output, progress?.username ?? "", progress?.redirectTo);
  } catch (error) {
    return failure(error, context ?? (challengeResponse === "WEB_AUTHN" ? "passkey" : undefined));
  }
}
