// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { LinkedApplication, Vendor, VendorDetailsResponse } from "../../../domain/entities/vendor";
import { emptyVendorDetails } from "../../../domain/vendors";
import { EntityTitlesProvider } from "../../components/layout/entity-titles";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import VendorDetailPage from "./VendorDetailPage";

vi.mock("../../providers/notifications", async (original) => ({ ...(await original<object>()), notify: vi.fn() }));

beforeAll(initTestI18n);
afterEach(cleanup);

const ID = "88888888-8888-4888-8888-888888888888";
const TALENT: Vendor = {
  version: 1,
  id: ID,
  name: "TalentSift",
  website: "https://talentsift.example.com",
  description: "Candidate screening",
  services_provided: null,
  contact: null,
  status: "active",
  risk_level: "high",
  risk_reasons: ["V-TRAINS-ON-CUSTOMER-DATA"],
  application_count: 1,
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-02T00:00:00.000Z",
};
const DETAILS: VendorDetailsResponse = {
  details: { ...emptyVendorDetails(), trains_on_customer_data: true, personal_data_processed: true, dpa_signed: true, certifications: [], security_incident_last_24_months: false },
  risk_level: "high",
  risk_reasons: ["V-TRAINS-ON-CUSTOMER-DATA"],
};
const LINKED: LinkedApplication[] = [{ id: "99999999-9999-4999-8999-999999999999", name: "CV screening ranker", risk_tier: "high", approval_status: "approved", uses: ["listed"] }];

function open(canEdit = true, update = vi.fn(async () => ({ data: TALENT as never }))) {
  renderWithRefine(
    <EntityTitlesProvider>
      <VendorDetailPage />
    </EntityTitlesProvider>,
    {
      dataProvider: {
        getOne: async () => ({ data: TALENT as never }),
        custom: async () => ({ data: DETAILS as never }),
        // The applications that use the vendor are a paged list of their own.
        getList: async ({ meta }) => ({ data: (meta?.path === `vendors/${ID}/applications` ? LINKED : []) as never, total: LINKED.length }),
        update,
      },
      path: `/vendors/detail/${ID}`,
      pattern: "/vendors/detail/:id",
      can: (_r, action) => canEdit || action === "list" || action === "show",
    },
  );
  return update;
}

describe("the vendor page", () => {
  it("shows the profile, the risk questions with the stored risk and its reasons, and the applications with their tiers", async () => {
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "TalentSift" })).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Website" }) as HTMLInputElement).value).toBe("https://talentsift.example.com");
    expect(screen.getByRole("status", { name: "Vendor risk: High risk" })).toBeTruthy();
    expect(screen.getByRole("list", { name: "Why" }).textContent).toContain("Trains on customer data");
    const apps = screen.getByRole("region", { name: "Applications that use this vendor" });
    const row = await within(apps).findByRole("row", { name: /CV screening ranker/ });
    expect(row.textContent).toContain("High");
    expect(row.textContent).toContain("Listed vendor");
  });

  it("saves the profile with PUT; a reader sees it read-only", async () => {
    const update = open();
    const description = await screen.findByRole("textbox", { name: "Description" });
    fireEvent.change(description, { target: { value: "Screens candidates" } });
    fireEvent.click(within(screen.getByRole("region", { name: "Profile" })).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: ID, variables: expect.objectContaining({ description: "Screens candidates" }), meta: expect.objectContaining({ method: "PUT" }) })),
    );
    cleanup();
    open(false);
    expect(await screen.findByText("You can read this vendor; contributors and administrators change it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});
