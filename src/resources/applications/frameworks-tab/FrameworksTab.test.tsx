// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ApplicationFramework } from "../../../../domain/entities/framework";
import { APP_ID, fakeProvider, initTestI18n, renderDetailPage } from "../detail/test-support";

beforeAll(initTestI18n);
afterEach(cleanup);

const progress = { applicable: 4, implemented: 1, not_applicable: 1, in_progress: 0, not_started: 2, progress: 0.5 };
const row = (overrides: Partial<ApplicationFramework>): ApplicationFramework => ({
  framework_id: "eu-ai-act",
  name: "EU AI Act",
  short_name: "EU AI Act",
  status: "In Effect",
  company_enabled: true,
  applies_by_default: true,
  override: null,
  reason: null,
  applies: true,
  progress,
  ...overrides,
});
const frameworks = {
  items: [
    row({}),
    row({ framework_id: "nyc-ll144", name: "NYC Local Law 144", short_name: "NYC LL144", applies_by_default: false, applies: false, company_enabled: false }),
    row({ framework_id: "iso-42001", name: "ISO/IEC 42001", short_name: "ISO 42001", status: "Voluntary", override: false, reason: "Not certified.", applies: false }),
  ],
  total: 3,
};

describe("the Frameworks tab", () => {
  it("shows which frameworks apply, by default or by override, with progress", async () => {
    renderDetailPage(fakeProvider({ roles: ["ApplicationReviewer"], lists: { frameworks } }), "?tab=frameworks");
    const table = await screen.findByRole("table", { name: "Frameworks" });
    const [eu, nyc, iso] = within(table).getAllByRole("row").slice(1);
    expect(eu.textContent).toContain("50% · 2 of 4 controls done");
    expect(nyc.textContent).toContain("Not enabled for the company");
    expect(iso.textContent).toContain("Reason: Not certified.");
    // A reviewer cannot change them.
    expect((within(eu).getByRole("switch", { name: "Apply EU AI Act to this application" }) as HTMLInputElement).disabled).toBe(true);
  });

  it("asks a contributor for a reason before turning off a framework that applies by default", async () => {
    const mutate = vi.fn(async () => ({}));
    renderDetailPage(fakeProvider({ roles: ["ApplicationContributor"], lists: { frameworks }, mutate }), "?tab=frameworks");
    fireEvent.click(await screen.findByRole("switch", { name: "Apply EU AI Act to this application" }));
    const dialog = await screen.findByRole("dialog", { name: "Turn off EU AI Act for this application?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Turn off" }));
    expect(await within(dialog).findByText("Say why the framework does not apply to this application.")).toBeTruthy();
    expect(mutate).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Reason" }), { target: { value: "Only used in the US." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Turn off" }));
    await waitFor(() =>
      expect(mutate).toHaveBeenCalledWith({ method: "put", url: `/applications/${APP_ID}/frameworks/eu-ai-act/setting`, payload: { enabled: false, reason: "Only used in the US." } }),
    );
    // Turning on one outside the default needs no reason.
    fireEvent.click(screen.getByRole("switch", { name: "Apply NYC Local Law 144 to this application" }));
    await waitFor(() =>
      expect(mutate).toHaveBeenCalledWith({ method: "put", url: `/applications/${APP_ID}/frameworks/nyc-ll144/setting`, payload: { enabled: true, reason: undefined } }),
    );
  });
});
