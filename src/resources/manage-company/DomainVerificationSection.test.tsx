// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { IdentityProvider } from "../../../domain/entities/identity-provider";
import type { ApiRequest } from "../../providers/api-client";
import { dataProvider } from "../../providers/data-provider";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { DomainVerificationSection } from "./DomainVerificationSection";

const { api } = vi.hoisted(() => ({ api: vi.fn<(request: ApiRequest) => Promise<unknown>>() }));
vi.mock("../../providers/api-client", () => ({ api, apiUpload: vi.fn(), apiBlob: vi.fn(), API_BASE: "/v2" }));

const PROVIDER_ID = "33333333-3333-4333-8333-333333333333";
const RECORD = "steward-verification=0123456789abcdef0123456789abcdef";
const okta: IdentityProvider = {
  id: PROVIDER_ID,
  name: "Okta",
  provider_name: PROVIDER_ID.replaceAll("-", ""),
  type: "oidc",
  issuer_url: "https://acme.okta.example",
  client_id: "steward",
  has_client_secret: true,
  metadata_url: null,
  domains: ["acme.example", "labs.acme.example"],
  domain_verification: [
    { domain: "acme.example", status: "verified", txt_record: "steward-verification=ffff", verified_at: "2026-01-02T00:00:00Z", checked_at: "2026-01-02T00:00:00Z", check_failure: null },
    { domain: "labs.acme.example", status: "pending", txt_record: RECORD, verified_at: null, checked_at: "2026-01-03T00:00:00Z", check_failure: "record_missing" },
  ],
  jit_mode: "create",
  default_role: null,
  default_resource_group_id: null,
  enabled: true,
  redirect_uri: "https://steward.example/oauth2/idpresponse",
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  version: 2,
};

const render = () => renderWithRefine(<DomainVerificationSection providers={[okta]} />, { dataProvider, path: "/manage-company" });
const groupOf = (domain: string) => screen.getByRole("group", { name: domain });

beforeAll(initTestI18n);
beforeEach(() => api.mockReset());
afterEach(cleanup);

describe("e-mail domain verification", () => {
  it("shows each domain's state, the TXT record to publish and why the last check failed", async () => {
    render();
    const verified = await screen.findByRole("group", { name: "acme.example" });
    expect(within(verified).getByText("Verified")).toBeTruthy();
    const pending = groupOf("labs.acme.example");
    expect(within(pending).getByText("Pending")).toBeTruthy();
    expect((within(pending).getByRole("textbox", { name: "TXT record at labs.acme.example" }) as HTMLInputElement).value).toBe(RECORD);
    expect(within(pending).getByRole("button", { name: "Copy the TXT record for labs.acme.example" })).toBeTruthy();
    expect(
      within(pending).getByText(
        "Last check: No TXT record with this company's verification text was found at labs.acme.example. Add it at your DNS host, wait for it to publish, and try again.",
      ),
    ).toBeTruthy();
  });

  it("verifies a domain and says so", async () => {
    api.mockResolvedValue({ ...okta.domain_verification[1], status: "verified", check_failure: null });
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Verify labs.acme.example" }));
    expect(await within(groupOf("labs.acme.example")).findByText("labs.acme.example is verified: its people now sign in through the provider.")).toBeTruthy();
    expect(api).toHaveBeenCalledWith({ method: "POST", path: `/company/identity-providers/${PROVIDER_ID}/domains/labs.acme.example/verify`, body: {} });
  });

  it("words a failed check in the reader's language, and another company's claim as the server says it", async () => {
    await initTestI18n();
    render();
    api.mockRejectedValueOnce({ statusCode: 422, message: "No TXT record…", errors: { domain: ["sso.domainCheck.unreachable"] } });
    fireEvent.click(await screen.findByRole("button", { name: "Verify labs.acme.example" }));
    const alert = await within(groupOf("labs.acme.example")).findByRole("alert");
    expect(alert.textContent).toBe("The DNS resolver could not be reached, so labs.acme.example could not be checked. Try again in a few minutes.");

    api.mockRejectedValueOnce({ statusCode: 409, message: "Taken elsewhere." });
    fireEvent.click(screen.getByRole("button", { name: "Verify labs.acme.example" }));
    await waitFor(() => expect(within(groupOf("labs.acme.example")).getByRole("alert").textContent).toBe("Taken elsewhere."));
  });
});
