// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import type { DataProvider } from "@refinedev/core";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import { anApplication } from "../../../test-support/fixtures";
import ApplicationOverviewPage from "./ApplicationOverviewPage";

const application = anApplication({
  risk_tier: "medium",
  risk_descriptors: [{ key: "security-risk", rules: ["D-SECURITY-INTERNET", "D-SECURITY-UNTRUSTED-INPUT"] }],
  approval_status: "draft",
  development_status: "testing",
  approval_reset_reason: "workflow.resetReasons.tierChanged",
  vendors: [{ id: "00000000-0000-4000-8000-0000000000e1", name: "OpenAI", risk_level: "medium" }],
});
const details = {
  details: {},
  risk_tier: "medium",
  risk_descriptors: [
    { key: "security-risk", rules: ["D-SECURITY-INTERNET", "D-SECURITY-UNTRUSTED-INPUT"] },
    { key: "vendor", rules: ["D-VENDOR"] },
  ],
  rules_fired: ["T-SECURITY", "D-SECURITY-INTERNET", "D-SECURITY-UNTRUSTED-INPUT", "D-VENDOR"],
  tier_rule_outcomes: {},
  missing_required: [],
};

function renderOverview(dataProvider: Partial<DataProvider>, id = application.id) {
  return renderWithRefine(<ApplicationOverviewPage />, {
    dataProvider,
    path: `/applications/overview/${id}`,
    pattern: "/applications/overview/:id",
  });
}

beforeAll(initTestI18n);
afterEach(cleanup);

describe("/applications/overview/{id}", () => {
  it("shows the tier with what it means, and each flagged descriptor with its description and reasons", async () => {
    const getOne = vi.fn(async () => ({ data: application as never }));
    const custom = vi.fn(async () => ({ data: details as never }));
    renderOverview({ getOne, custom });
    expect(await screen.findByRole("heading", { level: 1, name: "Claims triage" })).toBeTruthy();

    const risk = screen.getByRole("region", { name: "Risk tier" });
    expect(within(risk).getByText("Medium")).toBeTruthy();
    expect(within(risk).getByText("Validation before deployment plus annual monitoring.")).toBeTruthy();
    expect(within(await within(risk).findByRole("list", { name: "Why this tier" })).getByText("Reachable from the internet or processes untrusted input")).toBeTruthy();

    const descriptors = screen.getByRole("list", { name: "Flagged risk descriptors" });
    // The second descriptor comes with the details' fresh classification.
    await within(descriptors).findByRole("listitem", { name: "Vendor" });
    const security = within(descriptors).getByRole("listitem", { name: "Security" });
    expect(within(security).getByText(/reachable from the internet or processes input it cannot trust/)).toBeTruthy();
    expect(within(security).getByText("Reachable from the internet")).toBeTruthy();
    expect(within(security).getByText("Processes untrusted input")).toBeTruthy();
    expect(within(within(descriptors).getByRole("listitem", { name: "Vendor" })).getByText("Uses at least one vendor")).toBeTruthy();

    const status = screen.getByRole("region", { name: "Status" });
    expect(within(status).getByText("Draft")).toBeTruthy();
    expect(within(status).getByText("Testing")).toBeTruthy();
    expect(within(status).getByText("Carlos Contributor")).toBeTruthy();
    expect(within(status).getByText("The risk tier changed, so the application needs approval again.")).toBeTruthy();
    expect(within(status).getByRole("link", { name: "OpenAI" }).getAttribute("href")).toBe("/vendors/detail/00000000-0000-4000-8000-0000000000e1");

    expect(screen.getByRole("link", { name: "Open full record" }).getAttribute("href")).toBe(`/applications/detail/${application.id}`);
    expect(getOne).toHaveBeenCalledWith(expect.objectContaining({ resource: "applications", id: application.id }));
    expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: `/applications/${application.id}/details`, method: "get" }));
  });

  it("lists the questions still to answer for an application without a tier", async () => {
    const getOne = vi.fn(async () => ({ data: anApplication({ risk_tier: null }) as never }));
    const custom = vi.fn(async () => ({
      data: { ...details, risk_tier: null, risk_descriptors: [], rules_fired: [], missing_required: ["purpose", "personal_data"] } as never,
    }));
    renderOverview({ getOne, custom });
    const missing = await screen.findByRole("list", { name: "Still to answer" });
    expect(within(missing).getByText("Purpose")).toBeTruthy();
    expect(within(missing).getByText("Personal data")).toBeTruthy();
    expect(screen.getByText("Not assessed")).toBeTruthy();
    expect(screen.getByText("No risk descriptors are flagged.")).toBeTruthy();
  });

  it("says the application was not found, with a way back", async () => {
    const getOne = vi.fn(async () => {
      throw { statusCode: 404, message: "Application not found" };
    });
    const custom = vi.fn(async () => {
      throw { statusCode: 404, message: "Application not found" };
    });
    renderOverview({ getOne, custom });
    expect(await screen.findByRole("heading", { name: "Application not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to AI Applications" }).getAttribute("href")).toBe("/applications");
  });
});
