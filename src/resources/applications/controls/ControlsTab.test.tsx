// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ApplicationControl, ApplicationControlDetail, ApplicationFramework } from "../../../../domain/entities/framework";
import { api } from "../../../providers/api-client";
import { notify } from "../../../providers/notifications";
import { APP_ID, fakeProvider, initTestI18n, ME, renderDetailPage } from "../detail/test-support";

vi.mock("../../../providers/notifications", async (original) => ({ ...(await original<object>()), notify: vi.fn() }));
vi.mock("../../../providers/api-client", async (original) => ({
  ...(await original<typeof import("../../../providers/api-client")>()),
  api: vi.fn(),
  uploadPresigned: vi.fn(),
  apiBlob: vi.fn(),
}));

beforeAll(initTestI18n);
beforeEach(() => {
  vi.mocked(api).mockReset();
  vi.mocked(api).mockResolvedValue({});
});
afterEach(cleanup);

const progress = { applicable: 2, implemented: 1, not_applicable: 0, in_progress: 0, not_started: 1, progress: 0.5 };
const framework = (id: string, name: string, applies: boolean): ApplicationFramework => ({
  framework_id: id,
  name,
  short_name: name,
  status: "In Effect",
  company_enabled: applies,
  applies_by_default: true,
  override: null,
  reason: null,
  applies,
  progress,
});
const control = (id: string, overrides: Partial<ApplicationControl>): ApplicationControl => ({
  version: 1,
  id,
  name: `Control ${id}`,
  description: "What it does.",
  guidance: "How to do it.",
  evidence_expected: ["A record"],
  requirements: [{ id: "eu-ai-act:art-9", framework_id: "eu-ai-act", framework_short_name: "EU AI Act", ref: "Art. 9", title: "Risk management system" }],
  status: "not_started",
  justification: null,
  owner: null,
  due_date: null,
  notes: null,
  overdue: false,
  evidence_count: 0,
  expired_evidence_count: 0,
  updated_at: null,
  ...overrides,
});

const controls = {
  items: [
    control("C-RISK-01", { status: "implemented", evidence_count: 1 }),
    control("C-RISK-02", { overdue: true, due_date: "2026-01-01", owner: { id: ME, name: "Carlos Contributor" } }),
    control("C-DATA-01", {
      expired_evidence_count: 1,
      requirements: [{ id: "eu-ai-act:art-10", framework_id: "eu-ai-act", framework_short_name: "EU AI Act", ref: "Art. 10", title: "Data governance" }],
    }),
  ],
  total: 3,
};
const frameworks = { items: [framework("eu-ai-act", "EU AI Act", true), framework("iso-42001", "ISO/IEC 42001", false)], total: 2 };
const detail: ApplicationControlDetail = { ...control("C-RISK-02", {}), evidence: [] };
const lists = { controls, frameworks, "authorized-users": { items: [{ user_id: ME, first_name: "Carlos", last_name: "Contributor" }], total: 1 }, "controls/C-RISK-02": detail };

describe("the Controls tab", () => {
  it("groups controls by framework and requirement, and highlights overdue controls and expired evidence", async () => {
    renderDetailPage(fakeProvider({ roles: ["ApplicationReviewer"], lists }), "?tab=controls");
    const table = await screen.findByRole("table", { name: "Controls for EU AI Act" });
    expect(within(table).getByRole("columnheader", { name: "Art. 9 — Risk management system" })).toBeTruthy();
    expect(within(table).getByRole("columnheader", { name: "Art. 10 — Data governance" })).toBeTruthy();
    const overdue = within(table).getByText("C-RISK-02 Control C-RISK-02").closest("tr")!;
    expect(overdue.textContent).toContain("Overdue");
    expect(within(table).getByText("C-DATA-01 Control C-DATA-01").closest("tr")!.textContent).toContain("1 expired evidence");
    expect(screen.getByText("3 controls apply")).toBeTruthy();
    // A framework that does not apply has no section; a reviewer reads but does not edit.
    expect(screen.queryByRole("table", { name: "Controls for ISO/IEC 42001" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Status of C-RISK-01" })).toBeNull();
  });

  it("lets a contributor set a status; not applicable asks for a justification first", async () => {
    renderDetailPage(fakeProvider({ roles: ["ApplicationContributor"], lists }), "?tab=controls");
    const status = await screen.findByRole("combobox", { name: "Status of C-RISK-02" });
    fireEvent.change(status, { target: { value: "implemented" } });
    // Each change is made on the version the row shows.
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith({
        method: "PATCH",
        path: `/applications/${APP_ID}/controls/C-RISK-02`,
        body: { status: "implemented" },
        headers: { "If-Match": '"1"' },
      }),
    );

    fireEvent.change(screen.getByRole("combobox", { name: "Status of C-DATA-01" }), { target: { value: "not_applicable" } });
    const dialog = await screen.findByRole("dialog", { name: "Mark C-DATA-01 not applicable?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Say why the control does not apply.")).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Justification" }), { target: { value: "No training data." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith({
        method: "PATCH",
        path: `/applications/${APP_ID}/controls/C-DATA-01`,
        body: { status: "not_applicable", justification: "No training data." },
        headers: { "If-Match": '"1"' },
      }),
    );
  });

  it("says so when someone else changed the control first, instead of overwriting it", async () => {
    renderDetailPage(fakeProvider({ roles: ["ApplicationContributor"], lists }), "?tab=controls");
    vi.mocked(api).mockRejectedValueOnce({ statusCode: 412, message: "This record was changed by someone else: it is now at version 2." });
    fireEvent.change(await screen.findByRole("combobox", { name: "Status of C-RISK-02" }), { target: { value: "implemented" } });
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ severity: "warning", message: "This record was changed by someone else, so your change was not saved. It now shows the stored values." }),
    );
  });

  it("adds link evidence with the day it speaks for and a validity end, refusing links that are not http(s)", async () => {
    renderDetailPage(fakeProvider({ roles: ["ApplicationContributor"], lists }), "?tab=controls");
    fireEvent.click(await screen.findByRole("button", { name: "Open C-RISK-02 (0 evidence)" }));
    const dialog = await screen.findByRole("dialog", { name: "C-RISK-02 Control C-RISK-02" });
    const form = await within(dialog).findByRole("form", { name: "Add evidence" });
    fireEvent.change(within(form).getByRole("textbox", { name: "Name" }), { target: { value: "Risk register" } });
    fireEvent.change(within(form).getByRole("textbox", { name: "Link" }), { target: { value: "javascript:alert(1)" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add evidence" }));
    expect(await within(form).findByText("Enter a web address starting with http:// or https://.")).toBeTruthy();
    expect(api).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByRole("textbox", { name: "Link" }), { target: { value: "https://wiki.example/risk" } });
    fireEvent.change(within(form).getByLabelText("Effective date"), { target: { value: "2999-01-01" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add evidence" }));
    expect(await within(form).findByText("The effective date cannot be after today.")).toBeTruthy();
    expect(api).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText("Effective date"), { target: { value: "2025-06-30" } });
    fireEvent.change(within(form).getByLabelText("Valid until (optional)"), { target: { value: "2999-01-31" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add evidence" }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith({
        method: "POST",
        path: `/applications/${APP_ID}/controls/C-RISK-02/evidence`,
        body: { kind: "link", url: "https://wiki.example/risk", name: "Risk register", effective_on: "2025-06-30", expires_on: "2999-01-31" },
      }),
    );
  });

  it("shows the day each piece of evidence speaks for and until when it holds, and changes them", async () => {
    const evidence = {
      id: "6f1c1e4e-7a43-4a5c-9a43-0d3b3f0c2a11",
      control_id: "C-RISK-02",
      name: "Pen test report",
      kind: "link" as const,
      url: "https://wiki.example/pentest",
      document_id: null,
      content_type: null,
      size: null,
      effective_on: "2025-03-01",
      expires_on: "2999-03-01",
      expired: false,
      added_by: { id: ME, name: "Carlos Contributor" },
      created_at: "2025-05-02T10:00:00.000Z",
    };
    renderDetailPage(fakeProvider({ roles: ["ApplicationContributor"], lists: { ...lists, "controls/C-RISK-02": { ...detail, evidence: [evidence] } } }), "?tab=controls");
    fireEvent.click(await screen.findByRole("button", { name: "Open C-RISK-02 (0 evidence)" }));
    const dialog = await screen.findByRole("dialog", { name: "C-RISK-02 Control C-RISK-02" });
    const item = (await within(dialog).findByText("Pen test report")).closest("li")!;
    expect(item.textContent).toContain("Speaks for Mar 1, 2025 · valid until Mar 1, 2999 · Added by Carlos Contributor on May 2, 2025");

    fireEvent.click(within(item).getByRole("button", { name: "Change the dates of Pen test report" }));
    const dates = await screen.findByRole("dialog", { name: "Dates of “Pen test report”" });
    fireEvent.change(within(dates).getByLabelText("Valid until (optional)"), { target: { value: "2025-02-01" } });
    fireEvent.click(within(dates).getByRole("button", { name: "Save" }));
    expect(await within(dates).findByText("The expiry date cannot be in the past.")).toBeTruthy();
    fireEvent.change(within(dates).getByLabelText("Effective date"), { target: { value: "2025-02-15" } });
    fireEvent.change(within(dates).getByLabelText("Valid until (optional)"), { target: { value: "" } });
    fireEvent.click(within(dates).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith({
        method: "PATCH",
        path: `/applications/${APP_ID}/controls/C-RISK-02/evidence/${evidence.id}`,
        body: { name: "Pen test report", effective_on: "2025-02-15", expires_on: null },
      }),
    );
  });

  it("saves notes on the version shown, and on a save someone else's beat shows the text beside the stored one", async () => {
    renderDetailPage(fakeProvider({ roles: ["ApplicationContributor"], lists }), "?tab=controls");
    fireEvent.click(await screen.findByRole("button", { name: "Open C-RISK-02 (0 evidence)" }));
    const dialog = await screen.findByRole("dialog", { name: "C-RISK-02 Control C-RISK-02" });
    const form = await within(dialog).findByRole("form", { name: "Save notes" });
    fireEvent.change(within(form).getByRole("textbox", { name: "Notes" }), { target: { value: "Reviewed with legal." } });
    vi.mocked(api).mockRejectedValueOnce({ statusCode: 412, message: "This record was changed by someone else: it is now at version 2." });
    fireEvent.click(within(form).getByRole("button", { name: "Save notes" }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith({
        method: "PATCH",
        path: `/applications/${APP_ID}/controls/C-RISK-02`,
        body: { notes: "Reviewed with legal." },
        headers: { "If-Match": '"1"' },
      }),
    );
    const conflict = await screen.findByRole("dialog", { name: "This record was changed by someone else" });
    expect(within(conflict).getByRole("row", { name: /Notes/ }).textContent).toContain("Reviewed with legal.");
  });
});
