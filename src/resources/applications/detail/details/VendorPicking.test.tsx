// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Vendor } from "../../../../../domain/entities/vendor";
import { APP_ID, anApplication, fakeProvider, initTestI18n, renderDetailPage } from "../test-support";
import { vendorContextOf } from "./DetailsTab";

vi.mock("../../../../providers/notifications", async (original) => ({
  ...(await original<typeof import("../../../../providers/notifications")>()),
  notify: vi.fn(),
}));

beforeAll(initTestI18n);
afterEach(cleanup);

const vendor = (id: string, name: string, risk_level: Vendor["risk_level"]): Vendor => ({
  version: 1,
  id,
  name,
  risk_level,
  risk_reasons: [],
  website: null,
  description: null,
  services_provided: null,
  contact: null,
  status: "active",
  application_count: 0,
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
});
const RISKY = { ...vendor("44444444-4444-4444-8444-444444444444", "Risky Vendor", "high"), risk_reasons: ["V-TRAINS-ON-CUSTOMER-DATA"] };
const CAREFUL = vendor("55555555-5555-4555-8555-555555555555", "Careful Vendor", "low");
const getList = async () => ({ data: [CAREFUL, RISKY] as never[], total: 2 });

const descriptors = () => within(screen.getByRole("region", { name: "Risk tier preview" })).getByRole("list", { name: "Risk descriptors" });

describe("picking the vendors an application uses", () => {
  it("a high-risk vendor chosen in the form flags the Vendor descriptor in the preview, and the save sends vendor_ids", async () => {
    const mutate = vi.fn(async () => undefined);
    renderDetailPage({ ...fakeProvider({ roles: ["ApplicationContributor"], mutate }), getList });
    const picker = await screen.findByRole("combobox", { name: "Vendors used" });
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole("option", { name: /Careful Vendor/ }));
    await waitFor(() => expect(descriptors().textContent).toContain("Uses at least one vendor"));
    expect(descriptors().textContent).not.toContain("Uses a vendor rated high risk");

    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole("option", { name: /Risky Vendor/ }));
    await waitFor(() => expect(descriptors().textContent).toContain("Uses a vendor rated high risk"));
    // The vendor's own reasons say why.
    expect(screen.getByRole("note", { name: "Vendors rated high risk" }).textContent).toContain("Risky Vendor: Trains on customer data");

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(mutate).toHaveBeenCalledWith({ url: `/applications/${APP_ID}`, method: "put", payload: { vendor_ids: [CAREFUL.id, RISKY.id] } }),
    );
  });

  it("the foundation-model vendor is a searchable select of the company's vendors", async () => {
    const application = anApplication({ vendors: [] });
    renderDetailPage({ ...fakeProvider({ application, roles: ["ApplicationContributor"], details: { uses_foundation_model: true } }), getList });
    const select = await screen.findByRole("combobox", { name: "Foundation model vendor" });
    fireEvent.change(select, { target: { value: "risky" } });
    fireEvent.click(await screen.findByRole("option", { name: /Risky Vendor/ }));
    await waitFor(() => expect(descriptors().textContent).toContain("Uses a vendor rated high risk"));
  });
});

describe("vendorContextOf", () => {
  it("counts listed vendors and the foundation-model vendor once each, and names the high ones", () => {
    expect(vendorContextOf([CAREFUL.id, RISKY.id], RISKY.id, [CAREFUL, RISKY])).toEqual({ vendorCount: 2, highRiskVendorIds: [RISKY.id] });
    expect(vendorContextOf([], null, [CAREFUL, RISKY])).toEqual({ vendorCount: 0, highRiskVendorIds: [] });
  });
});
