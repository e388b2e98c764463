// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { FetchMFAPreferenceOutput, ListWebAuthnCredentialsOutput, SetUpTOTPOutput, UpdateMFAPreferenceInput } from "aws-amplify/auth";
import type { CurrentUser } from "../../../../domain/access/current-user";
import type { MfaPolicy } from "../../../../domain/auth/mfa";
import type { Company } from "../../../../domain/entities/company";
import type { ApiRequest } from "../../../providers/api-client";
import { dataProvider } from "../../../providers/data-provider";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import { PasskeysCard } from "./PasskeysCard";
import { SignInSecurityCard } from "./SignInSecurityCard";

// The identity calls are Amplify's (its own tests cover the wire); the API is the app's api client.
const amplify = vi.hoisted(() => ({
  fetchMFAPreference: vi.fn<() => Promise<FetchMFAPreferenceOutput>>(),
  updateMFAPreference: vi.fn<(input: UpdateMFAPreferenceInput) => Promise<void>>(),
  setUpTOTP: vi.fn<() => Promise<SetUpTOTPOutput>>(),
  verifyTOTPSetup: vi.fn<(input: { code: string }) => Promise<void>>(),
  listWebAuthnCredentials: vi.fn<() => Promise<ListWebAuthnCredentialsOutput>>(),
  associateWebAuthnCredential: vi.fn<() => Promise<void>>(),
  deleteWebAuthnCredential: vi.fn<(input: { credentialId: string }) => Promise<void>>(),
}));
const { api } = vi.hoisted(() => ({ api: vi.fn<(request: ApiRequest) => Promise<unknown>>() }));
vi.mock("aws-amplify/auth", () => amplify);
vi.mock("../../../providers/api-client", () => ({ api, API_BASE: "/v2" }));

const ada: CurrentUser = {
  id: "11111111-1111-4111-8111-111111111111",
  email: "ada@example.com",
  first_name: "Ada",
  last_name: "Lovelace",
  language: "en",
  roles: [],
  companyId: "22222222-2222-4222-8222-222222222222",
  application_roles: [],
  rules: [],
};
const company = (mfa_policy: MfaPolicy): Company => ({ id: ada.companyId, name: "Demo", size: null, industry: null, logo_url: null, mfa_policy, version: 3 });

const SECRET = "JBSWY3DPEHPK3PXP";

/** The factors as the identity service would keep them, changed by updateMFAPreference. */
function identityWith(enabled: ("TOTP" | "EMAIL")[], preferred?: "TOTP" | "EMAIL") {
  const state = { enabled: [...enabled], preferred };
  amplify.fetchMFAPreference.mockImplementation(async () => ({ enabled: [...state.enabled], preferred: state.preferred }));
  amplify.updateMFAPreference.mockImplementation(async (input) => {
    for (const [key, type] of [["totp", "TOTP"], ["email", "EMAIL"]] as const) {
      const value = input[key];
      if (value === undefined) continue;
      state.enabled = state.enabled.filter((t) => t !== type);
      if (value !== "DISABLED") state.enabled.push(type);
      if (value === "PREFERRED") state.preferred = type;
      if ((value === "DISABLED" || value === "NOT_PREFERRED") && state.preferred === type) state.preferred = undefined;
    }
  });
  return state;
}

function renderSecurity(policy: MfaPolicy, user: CurrentUser = ada) {
  api.mockImplementation(async ({ path }) => {
    if (path === "/company") return company(policy);
    if (path === "/access/user/passkeys") return { data: [] };
    throw { statusCode: 404, message: "Not here." };
  });
  return renderWithRefine(<SignInSecurityCard user={user} />, { dataProvider, path: "/settings" });
}

const card = () => screen.getByRole("region", { name: "Sign-in security" });

beforeAll(initTestI18n);
beforeEach(() => {
  for (const fn of Object.values(amplify)) fn.mockReset();
  api.mockReset();
});
afterEach(cleanup);

describe("the company policy", () => {
  it("says MFA is turned off by the company and offers no setup", async () => {
    identityWith([]);
    renderSecurity("off");
    expect(await screen.findByText(/Your company has turned multi-factor authentication off/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Set up authenticator app" })).toBeNull();
    expect(screen.queryByRole("switch")).toBeNull();
  });

  it("says when a second step is required for the user", async () => {
    identityWith(["EMAIL"], "EMAIL");
    renderSecurity("required_admins", { ...ada, roles: [{ name: "Administrator", resource_group: { id: ada.companyId, name: "All", group_type: "all" } as never }] });
    expect(await screen.findByText(/requires a second sign-in step for Administrators\. It is required for you/)).toBeTruthy();
  });

  it("does not call it required for a non-administrator under the administrators' policy", async () => {
    identityWith([]);
    renderSecurity("required_admins");
    expect(await screen.findByText(/requires a second sign-in step for Administrators/)).toBeTruthy();
    expect(screen.queryByText(/It is required for you/)).toBeNull();
  });
});

describe("the authenticator app", () => {
  const openSetup = async () => {
    amplify.setUpTOTP.mockResolvedValue({
      sharedSecret: SECRET,
      getSetupUri: (app, account) => new URL(`otpauth://totp/${app}:${account}?secret=${SECRET}&issuer=${app}`),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Set up authenticator app" }));
    const dialog = await screen.findByRole("dialog", { name: "Set up an authenticator app" });
    await within(dialog).findByRole("img", { name: "QR code to add Steward to your authenticator app" });
    return dialog;
  };

  it("shows the QR code and the secret, refuses a wrong code, then turns the app on as preferred", async () => {
    const state = identityWith([]);
    renderSecurity("optional");
    const dialog = await openSetup();
    const qr = within(dialog).getByRole("img", { name: /QR code/ }) as HTMLImageElement;
    expect(qr.src.startsWith("data:image/svg+xml")).toBe(true);
    expect(decodeURIComponent(qr.src)).toContain("<svg");
    expect(within(dialog).getByRole("textbox", { name: "Secret key" })).toHaveProperty("value", SECRET);
    expect(within(dialog).getByRole("button", { name: "Copy secret key" })).toBeTruthy();

    const code = within(dialog).getByRole("textbox", { name: /6-digit code/ });
    fireEvent.change(code, { target: { value: "12ab" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify and turn on" }));
    expect(await within(dialog).findByText("Enter the 6 digits the app shows.")).toBeTruthy();
    expect(amplify.verifyTOTPSetup).not.toHaveBeenCalled();

    amplify.verifyTOTPSetup.mockRejectedValueOnce(Object.assign(new Error("Code mismatch"), { name: "EnableSoftwareTokenMFAException" }));
    fireEvent.change(code, { target: { value: "123 456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify and turn on" }));
    expect(await within(dialog).findByText("That code is not correct. Enter the code your app shows now.")).toBeTruthy();
    expect(amplify.verifyTOTPSetup).toHaveBeenLastCalledWith({ code: "123456" });
    expect(amplify.updateMFAPreference).not.toHaveBeenCalled();

    amplify.verifyTOTPSetup.mockResolvedValueOnce();
    fireEvent.change(code, { target: { value: "654321" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify and turn on" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: "PREFERRED" });
    expect(state.enabled).toEqual(["TOTP"]);
    expect(await within(card()).findByRole("button", { name: "Turn off authenticator app" })).toBeTruthy();
  });

  it("keeps e-mail preferred when it already was", async () => {
    identityWith(["EMAIL"], "EMAIL");
    renderSecurity("optional");
    const dialog = await openSetup();
    amplify.verifyTOTPSetup.mockResolvedValueOnce();
    fireEvent.change(within(dialog).getByRole("textbox", { name: /6-digit code/ }), { target: { value: "654321" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify and turn on" }));
    await waitFor(() => expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: "ENABLED" }));
    // Both on: the preferred method can be chosen.
    expect(await within(card()).findByRole("combobox", { name: "Preferred method" })).toBeTruthy();
  });

  it("shows the identity service's refusal to turn off the last factor", async () => {
    identityWith(["TOTP"], "TOTP");
    renderSecurity("required_all");
    amplify.updateMFAPreference.mockRejectedValueOnce(
      Object.assign(new Error("Your company requires a second factor: turn another one on first."), { name: "InvalidParameterException" }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Turn off authenticator app" }));
    expect(await within(card()).findByRole("alert")).toHaveProperty("textContent", "Your company requires a second factor: turn another one on first.");
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: "DISABLED" });
    expect(within(card()).getByRole("button", { name: "Turn off authenticator app" })).toBeTruthy();
  });
});

describe("e-mail codes", () => {
  it("turns on and off with the switch, and picks the preferred method when both are on", async () => {
    const state = identityWith(["TOTP"], "TOTP");
    renderSecurity("optional");
    const toggle = await screen.findByRole("switch", { name: "Send a code to ada@example.com when I sign in" });
    expect(toggle).toHaveProperty("checked", false);
    fireEvent.click(toggle);
    await waitFor(() => expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ email: "ENABLED" }));
    await waitFor(() => expect(screen.getByRole("switch", { name: /Send a code/ })).toHaveProperty("checked", true));

    fireEvent.mouseDown(within(card()).getByRole("combobox", { name: "Preferred method" }));
    fireEvent.click(await screen.findByRole("option", { name: "E-mail codes" }));
    await waitFor(() => expect(amplify.updateMFAPreference).toHaveBeenLastCalledWith({ email: "PREFERRED", totp: "NOT_PREFERRED" }));
    expect(state.preferred).toBe("EMAIL");

    fireEvent.click(screen.getByRole("switch", { name: /Send a code/ }));
    await waitFor(() => expect(amplify.updateMFAPreference).toHaveBeenLastCalledWith({ email: "DISABLED" }));
    await waitFor(() => expect(within(card()).queryByRole("combobox", { name: "Preferred method" })).toBeNull());
  });
});

describe("passkeys", () => {
  const created = new Date("2026-01-05T10:00:00Z");
  let credentials: { credentialId: string; friendlyCredentialName: string; createdAt: Date }[];

  const renderPasskeys = () => {
    amplify.listWebAuthnCredentials.mockImplementation(async () => ({
      credentials: credentials.map((c) => ({ ...c, relyingPartyId: "localhost", authenticatorTransports: ["internal"] })),
    }));
    api.mockImplementation(async ({ path }) => {
      if (path === "/access/user/passkeys") {
        return { data: credentials.map((c) => ({ credential_id: c.credentialId, name: c.friendlyCredentialName, created_at: c.createdAt.toISOString(), last_used_at: c.credentialId === "cred-1" ? "2026-02-01T09:30:00Z" : null })) };
      }
      throw { statusCode: 404, message: "Not here." };
    });
    return renderWithRefine(<PasskeysCard />, { dataProvider, path: "/settings" });
  };

  beforeEach(() => {
    credentials = [{ credentialId: "cred-1", friendlyCredentialName: "MacBook Touch ID", createdAt: created }];
  });

  it("lists each passkey with when it was added and last used", async () => {
    renderPasskeys();
    const list = await screen.findByRole("list", { name: "Passkeys" });
    const item = within(list).getByRole("listitem");
    expect(item.textContent).toContain("MacBook Touch ID");
    expect(item.textContent).toContain("Added Jan 5, 2026");
    expect(item.textContent).toContain("Last used Feb 1, 2026");
  });

  it("adds a passkey and shows it, and words the browser's refusal", async () => {
    renderPasskeys();
    await screen.findByRole("list", { name: "Passkeys" });
    amplify.associateWebAuthnCredential.mockRejectedValueOnce(Object.assign(new Error("x"), { name: "PasskeyAlreadyExists" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a passkey" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "This device already holds a passkey for your account.");
    amplify.associateWebAuthnCredential.mockRejectedValueOnce(Object.assign(new Error("x"), { name: "PasskeyRegistrationCanceled" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a passkey" }));
    expect(await screen.findByText("The passkey was not added: you cancelled, or the request timed out.")).toBeTruthy();

    amplify.associateWebAuthnCredential.mockImplementationOnce(async () => {
      credentials.push({ credentialId: "cred-2", friendlyCredentialName: "YubiKey", createdAt: created });
    });
    fireEvent.click(screen.getByRole("button", { name: "Add a passkey" }));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Passkeys" })).getAllByRole("listitem")).toHaveLength(2));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("removes a passkey only after a confirmation", async () => {
    renderPasskeys();
    fireEvent.click(await screen.findByRole("button", { name: "Remove MacBook Touch ID" }));
    const dialog = screen.getByRole("dialog", { name: "Remove this passkey?" });
    expect(amplify.deleteWebAuthnCredential).not.toHaveBeenCalled();
    amplify.deleteWebAuthnCredential.mockImplementationOnce(async ({ credentialId }) => {
      credentials = credentials.filter((c) => c.credentialId !== credentialId);
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("You have no passkeys yet.")).toBeTruthy();
    expect(amplify.deleteWebAuthnCredential).toHaveBeenCalledWith({ credentialId: "cred-1" });
  });
});
