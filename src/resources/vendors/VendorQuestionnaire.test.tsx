// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { emptyVendorDetails, type VendorDetails } from "../../../domain/vendors";
import { lowRiskVendorDetails } from "../../../domain/vendors/test-support";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { VendorQuestionnaire } from "./VendorQuestionnaire";

vi.mock("../../providers/notifications", async (original) => ({ ...(await original<object>()), notify: vi.fn() }));

beforeAll(initTestI18n);
afterEach(cleanup);

const VENDOR_ID = "33333333-3333-4333-8333-333333333333";
const LOW = lowRiskVendorDetails();

const preview = () => screen.getByRole("status", { name: /^Vendor risk/ });
const question = (name: string) => screen.getByRole("radiogroup", { name });
const answer = (name: string, option: string) => fireEvent.click(within(question(name)).getByRole("radio", { name: option }));

function renderQuestionnaire(stored: VendorDetails, update = vi.fn(async () => ({ data: {} as never })), canEdit = true) {
  const onSaved = vi.fn();
  renderWithRefine(<VendorQuestionnaire vendorId={VENDOR_ID} stored={stored} version={4} canEdit={canEdit} onSaved={onSaved} />, {
    dataProvider: { update },
  });
  return { update, onSaved };
}

describe("the vendor risk questions", () => {
  it("preview the risk level and its reasons live as the user answers", async () => {
    renderQuestionnaire(LOW);
    expect(preview().getAttribute("aria-label")).toBe("Vendor risk: Low risk");
    const panel = screen.getByRole("region", { name: "Vendor risk preview" });
    expect(panel.textContent).toContain("Every answer is in the vendor's favour.");

    answer("Provides a foundation model", "Yes");
    await waitFor(() => expect(preview().getAttribute("aria-label")).toBe("Vendor risk: Medium risk"));
    expect(within(panel).getByRole("list", { name: "Why" }).textContent).toContain("Provides a foundation model");

    answer("Trains on customer data", "Yes");
    await waitFor(() => expect(preview().getAttribute("aria-label")).toBe("Vendor risk: High risk"));
    expect(within(panel).getByRole("list", { name: "Why" }).textContent).toBe("Trains on customer data, or has not said it does not");
  });

  it("count an unanswered question against the vendor", async () => {
    renderQuestionnaire(LOW);
    answer("Data processing agreement signed", "Not answered");
    answer("Personal data processed", "Yes");
    await waitFor(() => expect(preview().getAttribute("aria-label")).toBe("Vendor risk: High risk"));
    expect(screen.getByRole("list", { name: "Why" }).textContent).toContain("Processes personal data without a signed data processing agreement");
    // Taking every certification away with an incident on record is high too.
    answer("Security incident in the last 24 months", "Yes");
    fireEvent.click(screen.getByRole("checkbox", { name: "SOC 2 Type II" }));
    await waitFor(() => expect(screen.getByRole("list", { name: "Why" }).textContent).toContain("holds no certification"));
  });

  it("save only the changed answers with PUT", async () => {
    const { update, onSaved } = renderQuestionnaire(LOW);
    answer("Provides a foundation model", "Yes");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        expect.objectContaining({ resource: "vendors", id: VENDOR_ID, variables: { details: { provides_foundation_model: true } }, meta: expect.objectContaining({ method: "PUT", version: 4 }) }),
      ),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it("show a save someone else's beat beside the stored answers, and reload them on request", async () => {
    const update = vi.fn(async () => Promise.reject({ statusCode: 412, message: "This record was changed by someone else" }));
    const { onSaved } = renderQuestionnaire(LOW, update as never);
    answer("Provides a foundation model", "Yes");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("dialog", { name: "This record was changed by someone else" });
    expect(onSaved).toHaveBeenCalled();
    const row = within(dialog).getByRole("row", { name: /Provides a foundation model/ });
    expect(row.textContent).toContain("Yes");
    expect(row.textContent).toContain("No");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect((within(question("Provides a foundation model")).getByRole("radio", { name: "No" }) as HTMLInputElement).checked).toBe(true));
  });

  it("are read-only without the right to edit, still showing the risk", () => {
    renderQuestionnaire(emptyVendorDetails(), undefined, false);
    expect(preview().getAttribute("aria-label")).toBe("Vendor risk: High risk");
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect((within(question("Trains on customer data")).getByRole("radio", { name: "Yes" }) as HTMLInputElement).disabled).toBe(true);
  });
});
