// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Vendor } from "../../../domain/entities/vendor";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import VendorListPage from "./VendorListPage";

vi.mock("../../providers/notifications", async (original) => ({ ...(await original<object>()), notify: vi.fn() }));

beforeAll(initTestI18n);
afterEach(cleanup);

const LUMINA: Vendor = {
  version: 1,
  id: "66666666-6666-4666-8666-666666666666",
  name: "Lumina Models",
  website: "https://lumina.example.com",
  description: null,
  services_provided: null,
  contact: null,
  status: "under_review",
  risk_level: "medium",
  risk_reasons: ["V-FOUNDATION-MODEL"],
  application_count: 3,
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-02T00:00:00.000Z",
};

describe("the vendor list", () => {
  it("shows each vendor's risk chip, status and number of applications, and filters by risk level on the server", async () => {
    const getList = vi.fn(async () => ({ data: [LUMINA] as never[], total: 1 }));
    renderWithRefine(<VendorListPage />, { dataProvider: { getList }, path: "/vendors" });
    const grid = await screen.findByRole("grid", { name: "Vendors" });
    const row = await within(grid).findByRole("row", { name: /Lumina Models/ });
    expect(row.textContent).toContain("Medium risk");
    expect(row.textContent).toContain("Under review");
    expect(row.textContent).toContain("3");
    expect(within(row).getByRole("link", { name: "Lumina Models" }).getAttribute("href")).toBe(`/vendors/detail/${LUMINA.id}`);

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Risk level" }));
    fireEvent.click(await screen.findByRole("option", { name: "High risk" }));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(expect.objectContaining({ filters: expect.arrayContaining([expect.objectContaining({ field: "risk_level", value: ["high"] })]) })),
    );
  });

  it("adds a vendor through the dialog, refusing a website that is not http or https", async () => {
    const create = vi.fn(async () => ({ data: { ...LUMINA, id: "77777777-7777-4777-8777-777777777777" } as never }));
    renderWithRefine(<VendorListPage />, { dataProvider: { create }, path: "/vendors" });
    fireEvent.click(await screen.findByRole("button", { name: "Add vendor" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a vendor" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Name/ }), { target: { value: "Nimbus ML Cloud" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Website" }), { target: { value: "javascript:alert(1)" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add vendor" }));
    expect(await within(dialog).findByText("Enter a web address starting with http:// or https://.")).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole("textbox", { name: "Website" }), { target: { value: "https://nimbus.example.com" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add vendor" }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ resource: "vendors", variables: expect.objectContaining({ name: "Nimbus ML Cloud", website: "https://nimbus.example.com", description: null }) }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/vendors/detail/77777777-7777-4777-8777-777777777777"));
  });

  it("offers no Add button to those who may not create vendors", async () => {
    renderWithRefine(<VendorListPage />, { path: "/vendors", can: (_r, action) => action !== "create" });
    await screen.findByRole("grid", { name: "Vendors" });
    expect(screen.queryByRole("button", { name: "Add vendor" })).toBeNull();
  });
});
