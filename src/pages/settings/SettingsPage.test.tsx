// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { Refine, type AuthProvider, type DataProvider } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "../../../domain/access/current-user";
import type { ApiRequest } from "../../providers/api-client";
import { dataProvider } from "../../providers/data-provider";
import { initTestI18n } from "../../test-support/i18n";
import SettingsPage from "./SettingsPage";

const { api, updatePassword, clearSession } = vi.hoisted(() => ({
  api: vi.fn<(request: ApiRequest) => Promise<unknown>>(),
  updatePassword: vi.fn<(input: { oldPassword: string; newPassword: string }) => Promise<void>>(),
  clearSession: vi.fn<(global?: boolean) => Promise<void>>(),
}));
vi.mock("../../providers/api-client", () => ({ api, API_BASE: "/v2" }));
// The security cards' identity calls answer "nothing set up" here (security/SecurityCards.test.tsx covers them).
vi.mock("aws-amplify/auth", () => ({
  updatePassword,
  fetchMFAPreference: async () => ({}),
  listWebAuthnCredentials: async () => ({ credentials: [] }),
}));
vi.mock("../../providers/auth-provider", () => ({ clearSession }));

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

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The page inside Refine, signed in as whoever `getIdentity` answers (it is asked again after a save). */
function renderSettings(getIdentity: () => Promise<CurrentUser>) {
  const authProvider: AuthProvider = {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    check: async () => ({ authenticated: true }),
    onError: async () => ({}),
    getIdentity,
  };
  return render(
    <MemoryRouter initialEntries={["/settings"]}>
      <Refine
        // The app's data provider, whose HTTP calls are the mocked api; lists are empty.
        dataProvider={{ ...dataProvider, getList: async () => ({ data: [], total: 0 }) } as DataProvider}
        authProvider={authProvider}
        options={{ reactQuery: { clientConfig: new QueryClient({ defaultOptions: { queries: { retry: false } } }) }, disableTelemetry: true }}
      >
        <Routes>
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </Refine>
    </MemoryRouter>,
  );
}

/** What the page sent, the reads of the company and passkeys aside. */
const writes = () => api.mock.calls.map(([request]) => request).filter((r) => r.method && r.method !== "GET");

const form = (name: string) => screen.getByRole("form", { name });
const field = (scope: HTMLElement, name: RegExp) => within(scope).getByLabelText(name, { selector: "input" });

beforeAll(initTestI18n);
beforeEach(() => {
  api.mockReset();
  updatePassword.mockReset();
  clearSession.mockReset();
});
afterEach(cleanup);

describe("the profile form", () => {
  it("refuses a name outside the allowed pattern without calling the API", async () => {
    renderSettings(async () => ada);
    const profile = await screen.findByRole("form", { name: "Profile" });
    fireEvent.change(field(profile, /First name/), { target: { value: "Ada<script>" } });
    fireEvent.change(field(profile, /Last name/), { target: { value: "" } });
    fireEvent.click(within(profile).getByRole("button", { name: "Save" }));
    expect(await within(profile).findByText("Use only letters, digits, spaces and _ ~ - .")).toBeTruthy();
    expect(within(profile).getByText("This field is required.")).toBeTruthy();
    expect(field(profile, /First name/).getAttribute("aria-invalid")).toBe("true");
    expect(writes()).toEqual([]);
  });

  it("saves the caller's own profile and reads the identity again", async () => {
    let current = ada;
    const getIdentity = vi.fn(async () => current);
    api.mockImplementation(async ({ method, body }) => {
      if (!method) throw { statusCode: 404, message: "Not here." };
      current = { ...ada, ...(body as Partial<CurrentUser>) };
      return current;
    });
    renderSettings(getIdentity);
    const profile = await screen.findByRole("form", { name: "Profile" });
    fireEvent.change(field(profile, /Last name/), { target: { value: " Byron " } });
    fireEvent.mouseDown(within(profile).getByRole("combobox", { name: /Language/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Español" }));
    const calls = getIdentity.mock.calls.length;
    fireEvent.click(within(profile).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    // The shared name schema trims; every field goes, to the caller's own profile (through Refine's custom call).
    expect(api).toHaveBeenCalledWith({ method: "PATCH", path: "/access/user", body: { first_name: "Ada", last_name: "Byron", language: "es", analytics_opt_out: false } });
    await waitFor(() => expect(getIdentity.mock.calls.length).toBeGreaterThan(calls));
    await waitFor(() => expect(within(profile).getByRole("button", { name: "Save" })).toHaveProperty("disabled", true));
  });

  it("keeps the person's choice to share no analytics", async () => {
    let current = ada;
    api.mockImplementation(async ({ method, body }) => {
      if (!method) throw { statusCode: 404, message: "Not here." };
      current = { ...ada, ...(body as Partial<CurrentUser>) };
      return current;
    });
    renderSettings(async () => current);
    const profile = await screen.findByRole("form", { name: "Profile" });
    const share = within(profile).getByRole("switch", { name: "Share usage analytics" });
    expect(share).toHaveProperty("checked", true);
    fireEvent.click(share);
    fireEvent.click(within(profile).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ analytics_opt_out: true });
    await waitFor(() => expect(within(profile).getByRole("switch", { name: "Share usage analytics" })).toHaveProperty("checked", false));
  });

  it("puts the server's field errors on the fields", async () => {
    api.mockRejectedValue({ statusCode: 400, message: "Invalid body.", errors: { last_name: ["validation.tooLong"] } });
    renderSettings(async () => ada);
    const profile = await screen.findByRole("form", { name: "Profile" });
    fireEvent.change(field(profile, /Last name/), { target: { value: "Byron" } });
    fireEvent.click(within(profile).getByRole("button", { name: "Save" }));
    expect(await within(profile).findByText("This is too long.")).toBeTruthy();
    expect(within(profile).queryByRole("alert")).toBeNull();
  });
});

describe("the change password form", () => {
  const fill = (current: string, proposed: string) => {
    const scope = form("Change password");
    fireEvent.change(field(scope, /Current password/), { target: { value: current } });
    fireEvent.change(field(scope, /New password/), { target: { value: proposed } });
    fireEvent.click(within(scope).getByRole("button", { name: "Change password" }));
    return scope;
  };

  it("holds a new password to the password rule before asking the identity service", async () => {
    renderSettings(async () => ada);
    await screen.findByRole("form", { name: "Change password" });
    const scope = fill("", "short1A");
    await waitFor(() => expect(field(scope, /New password/).getAttribute("aria-invalid")).toBe("true"));
    expect(field(scope, /Current password/).getAttribute("aria-invalid")).toBe("true");
    expect(within(scope).getByText("Please enter your password.")).toBeTruthy();
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it("says clearly when the current password is wrong", async () => {
    updatePassword.mockRejectedValue(Object.assign(new Error("Incorrect username or password."), { name: "NotAuthorizedException" }));
    renderSettings(async () => ada);
    await screen.findByRole("form", { name: "Change password" });
    const scope = fill("not-my-password", "A-much-longer-Passw0rd");
    expect(await within(scope).findByText("The current password is not correct.")).toBeTruthy();
    expect(field(scope, /Current password/).getAttribute("aria-invalid")).toBe("true");
    expect(updatePassword).toHaveBeenCalledWith({ oldPassword: "not-my-password", newPassword: "A-much-longer-Passw0rd" });
  });

  it("clears the form once the password is changed", async () => {
    updatePassword.mockResolvedValue();
    renderSettings(async () => ada);
    await screen.findByRole("form", { name: "Change password" });
    const scope = fill("Old-password-123", "A-much-longer-Passw0rd");
    await waitFor(() => expect((field(scope, /Current password/) as HTMLInputElement).value).toBe(""));
    expect(updatePassword).toHaveBeenCalledTimes(1);
  });
});

describe("signing out of all devices", () => {
  it("asks first, then signs out globally and opens the sign-in page", async () => {
    clearSession.mockResolvedValue();
    renderSettings(async () => ada);
    fireEvent.click(await screen.findByRole("button", { name: "Sign out of all devices" }));
    const dialog = screen.getByRole("dialog", { name: "Sign out of all devices?" });
    expect(clearSession).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Sign out everywhere" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/signin"));
    expect(clearSession).toHaveBeenCalledWith(true);
  });
});

describe("corporate sign-in", () => {
  it("offers to confirm an Administrator's pending link and sends the browser to the provider", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, search: "", assign });
    try {
      api.mockImplementation(async ({ method, path }) => {
        if (path === "/access/user/identity-link" && method === "GET") {
          return { user_id: ada.id, provider_id: ada.companyId, provider_name: "Acme Okta", status: "pending", created_at: "2026-11-28T10:00:00.000Z", confirmed_at: null };
        }
        if (path === "/access/user/identity-link/confirm" && method === "POST") return { url: "https://idp.example.com/authorize?state=x" };
        throw { statusCode: 404, message: "Not here." };
      });
      renderSettings(async () => ada);
      expect(await screen.findByText("Your administrator linked your account to Acme Okta. Confirm it by signing in there once.")).toBeTruthy();
      fireEvent.click(screen.getByRole("button", { name: "Confirm link to Acme Okta" }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith("https://idp.example.com/authorize?state=x"));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
