// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { initTestI18n } from "../../../test-support/i18n";
import { renderAuthPage } from "../render-auth-page";
import SsoPage from "./SsoPage";

/** The API's lookup, as the browser's fetch reaches it. */
const lookups: unknown[] = [];
const assign = vi.fn<(url: string) => void>();
let mapped: Record<string, string> = {};

beforeAll(initTestI18n);
beforeEach(() => {
  sessionStorage.clear();
  lookups.length = 0;
  mapped = { "acme.test": "acme-oidc" };
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    if (url !== "/v2/sso/lookup" || init.method !== "POST") return new Response("{}", { status: 404 });
    const { email } = JSON.parse(String(init.body)) as { email: string };
    lookups.push({ email });
    const provider = mapped[email.split("@")[1] ?? ""];
    return provider
      ? Response.json({ identity_provider: provider })
      : Response.json({ type: "about:blank", status: 404, title: "Not Found", detail: "An error occurred while signing in. Please check that your email is correct." }, { status: 404 });
  });
  // jsdom cannot leave the page: where the browser is sent is recorded instead.
  vi.stubGlobal("location", { ...window.location, assign });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  assign.mockReset();
});

const submit = (email: string) => {
  fireEvent.change(screen.getByLabelText(/email/i), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
};

describe("/sso", () => {
  it("carries the warning and a way back to /signin", () => {
    renderAuthPage(<SsoPage />, { path: "/sso" });
    expect(screen.getByRole("heading", { name: "Sign In with Corporate ID" })).toBeTruthy();
    expect(screen.getByText("Please contact your system administrator if you encounter any issues with your credentials.")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Back to sign in" }));
    expect(screen.getByTestId("location").textContent).toBe("/signin");
  });

  it("asks for at least 3 characters before looking anything up", async () => {
    renderAuthPage(<SsoPage />, { path: "/sso" });
    submit("  ab ");
    expect(await screen.findByText("Username must be at least 3 characters.")).toBeTruthy();
    expect(lookups).toHaveLength(0);
  });

  it("says the e-mail is not right when its domain maps to no provider", async () => {
    renderAuthPage(<SsoPage />, { path: "/sso" });
    submit("ana@elsewhere.test");
    expect((await screen.findByRole("alert")).textContent).toBe("An error occurred while signing in. Please check that your email is correct.");
    expect(sessionStorage.length).toBe(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it("sends the browser to the provider's hosted sign-in for a mapped domain, keeping its state for the callback", async () => {
    renderAuthPage(<SsoPage />, { path: "/sso" });
    submit(" ana@acme.test ");
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0][0]);
    expect(`${url.origin}${url.pathname}`).toBe("https://auth.example.test/oauth2/authorize");
    expect(url.searchParams.get("identity_provider")).toBe("acme-oidc");
    expect(url.searchParams.get("login_hint")).toBe("ana@acme.test");
    expect(JSON.parse(sessionStorage.getItem("steward.hostedSignIn")!)).toMatchObject({ state: url.searchParams.get("state") });
    expect(lookups).toEqual([{ email: "ana@acme.test" }]);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
