// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { ThemeProvider } from "@mui/material";
import type { ApplicationMetrics } from "../../../domain/entities/application";
import { theme } from "../../theme";
import { initTestI18n } from "../../test-support/i18n";
import DashboardCharts from "./DashboardCharts";

const metrics: ApplicationMetrics = {
  total: 4,
  by_risk_tier: { prohibited: 0, high: 1, medium: 2, low: 0, not_assessed: 1 },
  by_approval_status: { draft: 1, submitted: 0, in_review: 1, approved: 2, rejected: 0, changes_requested: 0 },
  by_development_status: { idea: 1, in_development: 1, testing: 0, deployed: 2, retired: 0 },
  reviews_due: 0,
  reviews_overdue: 0,
  controls: { applicable: 10, implemented: 3, not_applicable: 1, in_progress: 2, not_started: 4, progress: 0.4 },
};

beforeAll(async () => {
  await initTestI18n();
  // jsdom has no layout: the charts size themselves with a ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

const draw = (frameworks: Parameters<typeof DashboardCharts>[0]["frameworks"]) =>
  render(
    <ThemeProvider theme={theme}>
      <div style={{ width: 800 }}>
        <DashboardCharts metrics={metrics} frameworks={frameworks} />
      </div>
    </ThemeProvider>,
  );

describe("the dashboard charts", () => {
  it("draws tiers, approval and development status, and leaves frameworks out while they are unavailable", () => {
    const { container } = draw(null);
    // The tier slices in their colour words: red (high), yellow (medium), grey (not assessed); empty tiers get none.
    const slices = [...container.querySelectorAll("path")].map((p) => p.getAttribute("fill"));
    expect(slices).toEqual([theme.palette.error.main, theme.palette.warning.main, theme.palette.grey[500]]);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Risk tier distribution", "Approval status", "Development status"]);
  });

  it("adds framework progress, or says no framework is enabled", () => {
    draw([{ id: "eu-ai-act", short_name: "EU AI Act", enabled: true, progress: { progress: 0.25, applicable: 8 } }]);
    expect(screen.getByRole("region", { name: "Framework progress" })).toBeTruthy();
    cleanup();
    draw([]);
    expect(screen.getByText("No frameworks are enabled for your company yet.")).toBeTruthy();
  });
});
