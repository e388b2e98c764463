import type { AuthProvider } from "@refinedev/core";
import { confirmSignIn, fetchAuthSession, signIn, signOut, type SignInOutput } from "aws-amplify/auth";
import type { CurrentUser } from "../../domain/access/current-user";
import { api } from "./api-client";

/** After sign-in, the AI Applications list (unless a page was asked for). */
const HOME_AFTER_SIGN_IN = "/applications";
const UNEXPECTED_ERROR = "auth.errors.unexpected";

interface LoginParams {
  username: string;
  password: string;
  /** The ALTCHA solution, when the identity service asked for one. */
  captcha?: string;
  redirectTo?: string;
}

export interface ConfirmParams {
  newPassword: string;
}

/** Where each Amplify next step leads; `null` means a step we do not handle. */
function routeForNextStep(output: SignInOutput, requested?: string): string | null {
  switch (output.nextStep.signInStep) {
    case "DONE":
      return requested && requested.startsWith("/") && !requested.startsWith("//") ? requested : HOME_AFTER_SIGN_IN;
    case "CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED":
      return "/signin-confirm";
    case "RESET_PASSWORD":
      return "/forgot-password";
    default:
      return null;
  }
}

function failure(error: unknown, fallbackKey = UNEXPECTED_ERROR) {
  const e = error as { name?: string; message?: string };
  return { success: false as const, error: { name: e?.name ?? "UnexpectedError", message: e?.message || fallbackKey } };
}

async function signInOnce({ username, password, captcha }: LoginParams): Promise<SignInOutput> {
  return signIn({
    username: username.trim(),
    password,
    options: { authFlowType: "USER_PASSWORD_AUTH", ...(captcha ? { clientMetadata: { captcha } } : {}) },
  });
}

/** The query cache lives with the signed-in app; loaded on demand so the sign-in pages stay light. */
export async function clearQueryCache(): Promise<void> {
  (await import("./query-client")).queryClient.clear();
}

/** Sign-out clears local storage, the query cache and the analytics identity. */
export async function clearSession(global = false): Promise<void> {
  try {
    await signOut({ global });
  } finally {
    localStorage.clear();
    sessionStorage.clear();
    await clearQueryCache();
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
    let output: SignInOutput;
    try {
      output = await signInOnce(params);
    } catch (error) {
      if ((error as Error).name !== "UserAlreadyAuthenticatedException") return failure(error);
      // "There is already a signed in user.": sign out first, then sign in again.
      try {
        await clearSession();
        output = await signInOnce(params);
      } catch (retryError) {
        return failure(retryError);
      }
    }
    const redirectTo = routeForNextStep(output, params.redirectTo);
    if (!redirectTo) return { success: false, error: { name: "UnexpectedError", message: UNEXPECTED_ERROR } };
    if (output.nextStep.signInStep === "DONE") await clearQueryCache();
    return { success: true, redirectTo };
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

/** The new-password step of a first sign-in (/signin-confirm). */
export async function confirmNewPassword({ newPassword }: ConfirmParams) {
  try {
    const output = await confirmSignIn({ challengeResponse: newPassword });
    if (output.nextStep.signInStep !== "DONE") return { success: false as const, error: { name: "UnexpectedError", message: UNEXPECTED_ERROR } };
    return { success: true as const, redirectTo: "/" };
  } catch (error) {
    return failure(error);
  }
}
