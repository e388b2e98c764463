// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { FrameworkDetail, FrameworkSummary } from "../../../domain/entities/framework";
import { api, apiFile } from "../../providers/api-client";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { dataProvider } from "../../providers/data-provider";
import FrameworkDetailPage from "./FrameworkDetailPage";
import FrameworkListPage from "./FrameworkListPage";

vi.mock("../../providers/api-client", async (original) => ({
  ...(await original<typeof import("../../providers/api-client")>()),
  api: vi.fn(),
  apiFile: vi.fn(),
}));

beforeAll(initTestI18n);
beforeEach(() => {
  vi.mocked(api).mockReset();
  vi.mocked(api).mockImplementation(answer as never);
});
afterEach(cleanup);

const progress = { applicable: 10, implemented: 3, not_applicable: 1, in_progress: 2, not_started: 4, progress: 0.4 };
const summary = (overrides: Partial<FrameworkSummary>): FrameworkSummary => ({
  id: "eu-ai-act",
  key: "eu-ai-act",
  name: "EU AI Act",
  short_name: "EU AI Act",
  jurisdiction: "European Union",
  status: "In Effect",
  key_dates: [{ date: "2026-08-02", label: "High-risk obligations apply" }],
  summary: "The EU's law on AI.",
  version: "2026.1",
  scope_note: "Every AI application.",
  enabled: true,
  notes: null,
  requirement_count: 2,
  control_count: 1,
  application_count: 1,
  progress,
  ...overrides,
});
const list = { items: [summary({}), summary({ id: "iso-42001", key: "iso-42001", name: "ISO/IEC 42001", status: "Voluntary", enabled: false })], total: 2 };
const detail: FrameworkDetail = {
  ...summary({}),
  requirements: [
    { id: "eu-ai-act:art-9", ref: "Art. 9", group: "High-risk systems", subgroup: null, subgroup_title: null, title: "Risk management system", summary: "Run a risk process.", applies_to_tiers: ["high"], applies_from: null, control_ids: ["C-RISK-01"] },
    { id: "eu-ai-act:art-5", ref: "Art. 5", group: "Prohibited practices", subgroup: null, subgroup_title: null, title: "Prohibited practices", summary: "Do not.", applies_to_tiers: null, applies_from: null, control_ids: ["C-RISK-01"] },
  ],
  controls: [{ id: "C-RISK-01", name: "Risk management process", description: "d", guidance: "g", evidence_expected: ["e"], tiers: ["high"], requirement_ids: ["eu-ai-act:art-9"] }],
};
const applications = { items: [{ id: "00000000-0000-4000-8000-0000000000f1", name: "Claims triage", risk_tier: "high", ...progress }], total: 1 };

/** The API as the real data provider reaches it: the library, one framework, and settings saved. */
const answer = async ({ path, method }: { path: string; method?: string }) =>
  method === "PUT" ? {} : path === "/frameworks" ? list : path === "/frameworks/eu-ai-act/applications" ? applications : detail;

describe("the frameworks pages", () => {
  it("list frameworks with status chips and progress; an Administrator enables one", async () => {
    renderWithRefine(<FrameworkListPage />, { path: "/frameworks", dataProvider });
    const iso = await screen.findByRole("article", { name: "ISO/IEC 42001" });
    expect(iso.textContent).toContain("Voluntary");
    expect(iso.textContent).toContain("Not enabled for your company.");
    const eu = screen.getByRole("article", { name: "EU AI Act" });
    expect(eu.textContent).toContain("In Effect");
    expect(eu.textContent).toContain("40% · 4 of 10 controls done");
    fireEvent.click(within(iso).getByRole("switch", { name: "Enable ISO/IEC 42001" }));
    await waitFor(() => expect(api).toHaveBeenCalledWith(expect.objectContaining({ method: "PUT", path: "/frameworks/iso-42001/setting", body: { enabled: true } })));
    // The library is fetched again, so the card shows the stored setting.
    await waitFor(() => expect(vi.mocked(api).mock.calls.filter(([r]) => r.path === "/frameworks").length).toBe(2));
  });

  it("keep the toggle off for those who may not change settings", async () => {
    renderWithRefine(<FrameworkListPage />, { path: "/frameworks", dataProvider, can: (_r, action) => action !== "edit" });
    const toggle = (await screen.findByRole("switch", { name: "Enable ISO/IEC 42001" })) as HTMLInputElement;
    // Let the access check settle: the first test shows the same switch enabled for an Administrator.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toggle.disabled).toBe(true);
  });

  it("show a framework's requirements by group with their controls, and progress per application", async () => {
    renderWithRefine(<FrameworkDetailPage />, { path: "/frameworks/eu-ai-act", pattern: "/frameworks/:id", dataProvider });
    expect(await screen.findByRole("heading", { name: "EU AI Act", level: 1 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: /High-risk systems/ })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Art. 9 — Risk management system" })).toBeTruthy();
    expect(screen.getByText("C-RISK-01 Risk management process")).toBeTruthy();
    // The applications are a server-paged grid of their own, loaded a page at a time.
    const table = await screen.findByRole("grid", { name: "Progress by application" });
    expect((await within(table).findByRole("link", { name: "Claims triage" })).getAttribute("href")).toBe("/applications/detail/00000000-0000-4000-8000-0000000000f1?tab=controls");
    expect(within(table).getByRole("progressbar", { name: "Progress of Claims triage" }).getAttribute("aria-valuenow")).toBe("40");
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ path: "/frameworks/eu-ai-act/applications", query: expect.objectContaining({ page: 1, sort: "name" }) }));
  });

  it("export the framework as an OSCAL catalog or a workbook, in the user's language", async () => {
    URL.createObjectURL = vi.fn(() => "blob:framework-export");
    URL.revokeObjectURL = vi.fn();
    vi.mocked(apiFile).mockResolvedValue({ blob: new Blob(["{}"]), name: "EU-AI-Act-2026.11-oscal-catalog.json" });
    renderWithRefine(<FrameworkDetailPage />, { path: "/frameworks/eu-ai-act", pattern: "/frameworks/:id", dataProvider });
    fireEvent.click(await screen.findByRole("button", { name: "Export framework" }));
    const menu = screen.getByRole("menu", { name: "Export the framework as" });
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["OSCAL catalog (JSON)", "Excel (.xlsx)"]);
    fireEvent.click(within(menu).getByRole("menuitem", { name: "OSCAL catalog (JSON)" }));
    await waitFor(() => expect(apiFile).toHaveBeenCalledWith("/frameworks/eu-ai-act/export", { format: "oscal", lang: "en" }));
    fireEvent.click(screen.getByRole("button", { name: "Export framework" }));
    fireEvent.click(within(screen.getByRole("menu", { name: "Export the framework as" })).getByRole("menuitem", { name: "Excel (.xlsx)" }));
    await waitFor(() => expect(apiFile).toHaveBeenCalledWith("/frameworks/eu-ai-act/export", { format: "xlsx", lang: "en" }));
  });
});
