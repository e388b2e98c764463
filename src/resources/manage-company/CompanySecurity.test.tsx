// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ClientConfig } from "../../../domain/api/client-config";
import type { Company } from "../../../domain/entities/company";
import type { IdentityProvider, ProviderTest } from "../../../domain/entities/identity-provider";
import type { ApiRequest, UploadRequest } from "../../providers/api-client";
import { ClientConfigProvider } from "../../providers/client-config";
import { dataProvider } from "../../providers/data-provider";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import CompanyPage from "./CompanyPage";
import { TEST_POLL_MS } from "./ProviderTestPanel";

const { api, apiUpload, apiBlob } = vi.hoisted(() => ({
  api: vi.fn<(request: ApiRequest) => Promise<unknown>>(),
  apiUpload: vi.fn<(request: UploadRequest) => Promise<unknown>>(),
  apiBlob: vi.fn<(path: string) => Promise<Blob>>(),
}));
vi.mock("../../providers/api-client", () => ({ api, apiUpload, apiBlob, API_BASE: "/v2" }));

const company: Company = { id: "11111111-1111-4111-8111-111111111111", name: "Demo Company", size: null, industry: null, logo_url: null, mfa_policy: "optional", version: 4 };
const PROVIDER_ID = "33333333-3333-4333-8333-333333333333";
const TEST_ID = "44444444-4444-4444-8444-444444444444";
const okta: IdentityProvider = {
  id: PROVIDER_ID,
  name: "Okta",
  provider_name: PROVIDER_ID.replaceAll("-", ""),
  type: "oidc",
  issuer_url: "https://acme.okta.example",
  client_id: "steward",
  has_client_secret: true,
  metadata_url: null,
  domains: ["acme.example", "acme-labs.example"],
  domain_verification: [],
  jit_mode: "create",
  default_role: null,
  default_resource_group_id: null,
  enabled: true,
  redirect_uri: "https://steward.example/oauth2/idpresponse",
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  version: 2,
};

const group = { id: "55555555-5555-4555-8555-555555555555", name: "Finance apps", group_type: "custom" };

const configOf = (mode: "local" | "cognito"): ClientConfig => ({
  auth: { userPoolId: "local_pool", userPoolClientId: "client", region: "local", authFlowType: "USER_PASSWORD_AUTH", mode },
  maintenance: false,
  idleTimeoutMinutes: 30,
  environment: "loc",
  flags: { ofrepUrl: null },
  links: { terms: "", privacy: "", resources: "" },
});

/** Manage Company in the app's config (`mode`), over the real data provider; `answer` takes the calls not answered here. */
function renderPage(mode: "local" | "cognito", answer: (request: ApiRequest) => Promise<unknown> = async () => undefined, providers: IdentityProvider[] = [okta]) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(configOf(mode)), { headers: { "content-type": "application/json" } })));
  api.mockImplementation(async (request) => {
    if (!request.method && request.path === "/company") return company;
    if (!request.method && request.path === "/company/identity-providers") return { items: providers, total: providers.length };
    if (!request.method && request.path === "/access/resource-groups") return { items: [group], total: 1 };
    return answer(request);
  });
  return renderWithRefine(
    <ClientConfigProvider loading={null} failed={<p>no config</p>}>
      <CompanyPage />
    </ClientConfigProvider>,
    { dataProvider, path: "/manage-company" },
  );
}
/** The page loads its config, the company, the providers and (in a dialog) a lazy chunk: more than a second on a busy machine. */
const SLOW = { timeout: 5000 };
const writes = () => api.mock.calls.map(([request]) => request).filter((r) => r.method && r.method !== "GET");
const openAdd = async () => {
  fireEvent.click(await screen.findByRole("button", { name: "Add identity provider" }, SLOW));
  return screen.findByRole("dialog", { name: "Add identity provider" }, SLOW);
};
const text = (scope: HTMLElement, name: RegExp | string) => within(scope).getByRole("textbox", { name });
const addDomains = (dialog: HTMLElement, typed: string) => {
  const input = within(dialog).getByRole("combobox", { name: /E-mail domains/ });
  fireEvent.change(input, { target: { value: typed } });
  fireEvent.keyDown(input, { key: "Enter" });
};
const fillOidc = (dialog: HTMLElement) => {
  fireEvent.change(text(dialog, /^Name/), { target: { value: "Corp-IdP" } });
  fireEvent.change(text(dialog, /Issuer URL/), { target: { value: "https://idp.corp.example" } });
  fireEvent.change(text(dialog, /Client ID/), { target: { value: "steward-app" } });
  fireEvent.change(within(dialog).getByLabelText(/Client secret/), { target: { value: "s3cret" } });
};

beforeAll(initTestI18n);
beforeEach(() => {
  api.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the MFA policy", () => {
  it("explains each policy and saves the chosen one with the company's version", async () => {
    renderPage("local", async (request) => ({ ...company, ...(request.body as object), version: 5 }));
    const form = await screen.findByRole("form", { name: "Multi-factor authentication" }, SLOW);
    const select = within(form).getByRole("combobox", { name: "Who needs a second sign-in step" });
    expect(select.textContent).toBe("Optional");
    expect(within(form).getByText("Each user chooses whether to add an authenticator app or e-mail codes.")).toBeTruthy();
    fireEvent.mouseDown(select);
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "OffNo second step is asked at sign-in, and none can be set up.",
      "OptionalEach user chooses whether to add an authenticator app or e-mail codes.",
      "Required for AdministratorsAdministrators must set up a second step at their next sign-in; other users may.",
      "Required for everyoneEvery user must set up a second step at their next sign-in.",
    ]);
    fireEvent.click(options[3]);
    expect(within(form).getByText("Every user must set up a second step at their next sign-in.")).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes()).toEqual([{ method: "PATCH", path: "/company", body: { mfa_policy: "required_all" }, headers: { "If-Match": '"4"' } }]));
  });
});

describe("the identity providers", () => {
  it("lists each provider's name, type, domains, state and first-time users", async () => {
    renderPage("local");
    const table = await screen.findByRole("table", { name: "Corporate sign-in (SSO)" }, SLOW);
    const row = within(table).getAllByRole("row")[1];
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Okta", "OpenID Connect", "acme.exampleacme-labs.example", "Enabled", "Created on first sign-in", ""]);
  });

  it("offers OpenID Connect only with the built-in identity service, SAML with Cognito", async () => {
    renderPage("local");
    let dialog = await openAdd();
    expect(within(dialog).getByText("The built-in identity service supports OpenID Connect only.")).toBeTruthy();
    expect(within(dialog).getByRole("combobox", { name: /Type/ }).getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    cleanup();

    renderPage("cognito");
    dialog = await openAdd();
    expect(within(dialog).queryByText("The built-in identity service supports OpenID Connect only.")).toBeNull();
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /Type/ }));
    fireEvent.click(await screen.findByRole("option", { name: "SAML 2.0" }));
    expect(await within(dialog).findByRole("textbox", { name: /SAML metadata URL/ })).toBeTruthy();
    expect(within(dialog).queryByRole("textbox", { name: /Issuer URL/ })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Test connection" })).toBeNull();
  });

  it("checks the fields before sending: URL, domains and a secret for a new provider", async () => {
    renderPage("local");
    const dialog = await openAdd();
    fireEvent.change(text(dialog, /^Name/), { target: { value: "Corp/IdP" } });
    fireEvent.change(text(dialog, /Issuer URL/), { target: { value: "ftp://idp.corp.example" } });
    addDomains(dialog, "not a domain");
    fireEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText("Use only letters, digits, spaces and _ ~ - .")).toBeTruthy();
    expect(within(dialog).getByText("Enter the issuer's http(s) URL.")).toBeTruthy();
    expect(within(dialog).getByText("Enter a domain such as example.com.")).toBeTruthy();
    expect(within(dialog).getAllByText("This field is required.")).toHaveLength(2); // client id and secret
    expect(writes()).toEqual([]);
  });

  it("sends a new provider with its domains lower-cased and split, and puts a 409 on the domains field", async () => {
    renderPage("local", async () => {
      throw {
        statusCode: 409,
        message: "These domains are already served by another identity provider: corp.example.",
        errors: { domains: ["sso.validation.domainTaken"] },
      };
    });
    const dialog = await openAdd();
    fillOidc(dialog);
    addDomains(dialog, "Corp.Example, @labs.corp.example");
    expect(within(dialog).getByRole("button", { name: "corp.example" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText("A domain here is already served by another identity provider.")).toBeTruthy();
    expect(within(dialog).getByRole("combobox", { name: /E-mail domains/ }).getAttribute("aria-invalid")).toBe("true");
    expect(writes()).toEqual([
      {
        method: "POST",
        path: "/company/identity-providers",
        body: {
          name: "Corp-IdP",
          type: "oidc",
          issuer_url: "https://idp.corp.example",
          client_id: "steward-app",
          client_secret: "s3cret",
          metadata_url: null,
          domains: ["corp.example", "labs.corp.example"],
          jit_mode: "create",
          default_role: null,
          default_resource_group_id: null,
          enabled: true,
        },
      },
    ]);
  });

  it("keeps the stored secret unless a new one is typed, and saves with the provider's version", async () => {
    renderPage("local", async (request) => ({ ...okta, ...(request.body as object), version: 3 }));
    fireEvent.click(await screen.findByRole("button", { name: "Edit Okta" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "Edit Okta" }, SLOW);
    const secret = within(dialog).getByLabelText(/Client secret/) as HTMLInputElement;
    expect(secret.value).toBe("");
    expect(secret.type).toBe("password");
    expect(within(dialog).getByText("A secret is stored; enter a new one to replace it.")).toBeTruthy();
    expect(within(dialog).getByRole("textbox", { name: "Redirect URI" })).toHaveProperty("value", okta.redirect_uri);
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /First-time users/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Only people who already signed in with this provider" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const [put] = writes();
    expect(put).toMatchObject({ method: "PUT", path: `/company/identity-providers/${PROVIDER_ID}`, headers: { "If-Match": '"2"' } });
    expect(put.body).not.toHaveProperty("client_secret");
    expect(put.body).toMatchObject({ jit_mode: "existing_only", domains: okta.domains });
  });

  it("deletes a provider after a confirmation", async () => {
    renderPage("local");
    fireEvent.click(await screen.findByRole("button", { name: "Delete Okta" }, SLOW));
    const dialog = screen.getByRole("dialog", { name: "Delete this identity provider?" });
    expect(within(dialog).getByText(/acme\.example, acme-labs\.example/)).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(writes()).toEqual([{ method: "DELETE", path: `/company/identity-providers/${PROVIDER_ID}` }]));
  });
});

describe("test connection", () => {
  const steps = (signIn: "pending" | "ok", claims: "pending" | "ok"): ProviderTest["steps"] => [
    { step: "discovery", state: "ok", detail: "Issuer https://acme.okta.example" },
    { step: "keys", state: "ok", detail: "2 keys: k1, k2" },
    { step: "redirect_uri", state: "ok", detail: okta.redirect_uri },
    { step: "sign_in", state: signIn, detail: null },
    { step: "claims", state: claims, detail: null },
  ];

  it("shows the steps, opens the provider's sign-in and polls until the round trip is done", async () => {
    const opened = vi.fn<(url?: string | URL) => Window | null>(() => ({ close: vi.fn() }) as unknown as Window);
    vi.stubGlobal("open", opened);
    let reads = 0;
    renderPage("local", async (request) => {
      if (request.method === "POST") return { id: TEST_ID, status: "pending", steps: steps("pending", "pending"), authorize_url: "https://acme.okta.example/authorize?x=1", claims: null };
      reads += 1;
      return reads < 2
        ? { id: TEST_ID, status: "pending", steps: steps("pending", "pending"), authorize_url: "https://acme.okta.example/authorize?x=1", claims: null }
        : { id: TEST_ID, status: "passed", steps: steps("ok", "ok"), authorize_url: null, claims: { email: "sam@acme.example", email_verified: true } };
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Okta" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "Edit Okta" }, SLOW);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole("button", { name: "Test connection" }));
    const list = await within(dialog).findByRole("list", { name: "Test steps" }, SLOW);
    expect(within(list).getAllByRole("listitem").map((i) => i.textContent)).toEqual([
      "Discovery: OKIssuer https://acme.okta.example",
      "Signing keys: OK2 keys: k1, k2",
      `Redirect URI: OK${okta.redirect_uri}`,
      "Sign-in: Pending",
      "Claims received: Pending",
    ]);
    expect(writes()[0]).toEqual({ method: "POST", path: "/company/identity-providers/test", body: { issuer_url: okta.issuer_url, client_id: "steward", provider_id: PROVIDER_ID } });
    expect(opened).toHaveBeenCalledWith("https://acme.okta.example/authorize?x=1", "steward-sso-test", expect.any(String));
    expect(within(dialog).getByText("Waiting for the sign-in at the provider…")).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(TEST_POLL_MS));
    expect(reads).toBe(1);
    expect(within(dialog).getByText("Sign-in: Pending")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(TEST_POLL_MS));
    expect(await within(dialog).findByText("The connection works.")).toBeTruthy();
    expect(within(dialog).getByText("Sign-in: OK")).toBeTruthy();
    const claims = within(dialog).getByRole("table", { name: "Claims received" });
    expect(within(claims).getAllByRole("row").map((r) => r.textContent)).toEqual(["ClaimValue", "emailsam@acme.example", "email_verifiedtrue"]);
    expect(api.mock.calls.filter(([r]) => r.path === `/company/identity-providers/test/${TEST_ID}`)).toHaveLength(2);

    // Done: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(TEST_POLL_MS * 3));
    expect(reads).toBe(2);
  });

  it("shows a failed discovery without a popup", async () => {
    const opened = vi.fn(() => null);
    vi.stubGlobal("open", opened);
    renderPage("local", async () => ({
      id: TEST_ID,
      status: "failed",
      steps: [
        { step: "discovery", state: "failed", detail: "https://idp.corp.example/.well-known/openid-configuration answered 404." },
        { step: "keys", state: "skipped", detail: null },
        { step: "redirect_uri", state: "skipped", detail: null },
        { step: "sign_in", state: "skipped", detail: null },
        { step: "claims", state: "skipped", detail: null },
      ],
      authorize_url: null,
      claims: null,
    }));
    const dialog = await openAdd();
    fillOidc(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Test connection" }));
    expect(await within(dialog).findByText("The connection test failed.")).toBeTruthy();
    expect(within(dialog).getByText("Discovery: Failed")).toBeTruthy();
    expect(within(dialog).getByText(/answered 404/)).toBeTruthy();
    expect(opened).not.toHaveBeenCalled();
    expect(writes()[0].body).toEqual({ issuer_url: "https://idp.corp.example", client_id: "steward-app", client_secret: "s3cret" });
  });
});
