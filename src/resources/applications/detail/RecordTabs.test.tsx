// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { APP_ID, fakeProvider, initTestI18n, ME, renderDetailPage } from "./test-support";

beforeAll(initTestI18n);
afterEach(cleanup);

const NORA = "00000000-0000-4000-8000-00000000000e";
const GROUP = "00000000-0000-4000-8000-0000000000a2";
const ROLE_REVIEWER = "00000000-0000-4000-8000-0000000000b3";
const ROLE_ADMIN = "00000000-0000-4000-8000-0000000000b1";

const access = {
  "authorized-users": {
    total: 2,
    items: [
      { user_id: ME, email: "contributor@steward.test", first_name: "Carlos", last_name: "Contributor", roles: [{ name: "ApplicationContributor", via: "resource_group", resource_group: { id: GROUP, name: "Customer AI", group_type: "SELECTED" } }] },
      { user_id: NORA, email: "noroles@steward.test", first_name: "Nora", last_name: "Noroles", roles: [{ name: "ApplicationReviewer", via: "application", resource_group: null }] },
    ],
  },
  "role-assignments": {
    items: [{ user: { id: NORA, name: "Nora Noroles", email: "noroles@steward.test" }, role: { id: ROLE_REVIEWER, name: "ApplicationReviewer" }, created_at: "2026-11-20T10:00:00.000Z" }],
  },
};

describe("the Access tab", () => {
  it("lists who reaches the application and through what; only an Administrator changes the grants", async () => {
    renderDetailPage(fakeProvider({ roles: ["ApplicationReviewer"], lists: access }), "?tab=access");
    const people = await screen.findByRole("table", { name: "Authorized users" });
    await waitFor(() => expect(people.textContent).toContain("Application Contributor through Customer AI"));
    expect(people.textContent).toContain("Application Reviewer through this application");
    expect((await screen.findByRole("table", { name: "Roles on this application" })).textContent).toContain("Nora Noroles");
    expect(screen.queryByRole("button", { name: /Take back the role/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Grant role" })).toBeNull();
  });

  it("lets an Administrator grant one of the application roles and take one back", async () => {
    const mutate = vi.fn(async () => ({ items: [] }));
    const getList = vi.fn(async ({ resource }: { resource: string }) =>
      resource === "access-roles"
        ? { data: [{ id: ROLE_ADMIN, name: "Administrator" }, { id: ROLE_REVIEWER, name: "ApplicationReviewer" }] as never[], total: 2 }
        : { data: [{ id: NORA, email: "noroles@steward.test", first_name: "Nora", last_name: "Noroles" }] as never[], total: 1 },
    );
    renderDetailPage({ ...fakeProvider({ roles: ["Administrator"], lists: access, mutate }), getList }, "?tab=access");

    fireEvent.mouseDown(await screen.findByRole("combobox", { name: "Role" }));
    const listbox = await screen.findByRole("listbox");
    // Administrator is a group role: it is not offered on one application.
    expect(within(listbox).getAllByRole("option").map((o) => o.textContent)).toEqual(["Application Reviewer"]);
    fireEvent.click(within(listbox).getByRole("option", { name: "Application Reviewer" }));
    const user = screen.getByRole("combobox", { name: "User" });
    fireEvent.change(user, { target: { value: "Nora" } });
    fireEvent.click(await screen.findByRole("option", { name: "Nora Noroles (noroles@steward.test)" }));
    fireEvent.click(screen.getByRole("button", { name: "Grant role" }));
    await waitFor(() =>
      expect(mutate).toHaveBeenCalledWith({ url: `/applications/${APP_ID}/role-assignments`, method: "put", payload: { user_id: NORA, role_id: ROLE_REVIEWER } }),
    );

    fireEvent.click(await screen.findByRole("button", { name: "Take back the role Application Reviewer from Nora Noroles" }));
    const dialog = screen.getByRole("dialog", { name: "Take back this role?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Take back" }));
    await waitFor(() =>
      expect(mutate).toHaveBeenCalledWith(
        expect.objectContaining({ url: `/applications/${APP_ID}/role-assignments?user_id=${NORA}&role_id=${ROLE_REVIEWER}`, method: "delete" }),
      ),
    );
  });
});

describe("the Assessments and Activity tabs", () => {
  it("shows each assessment's tier, descriptors and reasons", async () => {
    const assessments = {
      total: 1,
      items: [
        {
          id: "00000000-0000-4000-8000-0000000000d1",
          assessed_by: { id: ME, name: "Carlos Contributor" },
          created_at: "2026-11-20T10:00:00.000Z",
          details: {},
          risk_tier: "high",
          risk_descriptors: [{ key: "business", rules: ["D-BUSINESS"] }],
          rules_fired: ["T-BUSINESS", "D-BUSINESS"],
        },
      ],
    };
    renderDetailPage(fakeProvider({ lists: { assessments } }), "?tab=assessments");
    const list = await screen.findByRole("list", { name: "Assessments" });
    expect(list.textContent).toContain("Assessed by Carlos Contributor");
    expect(list.textContent).toContain("High business criticality");
    expect(list.textContent).toContain("Medium or high business criticality");
  });

  it("says what each audit entry changed, in words; an unknown action shows as recorded", async () => {
    const entry = (action: string, before: unknown, after: unknown, n: number) => ({
      id: `00000000-0000-4000-8000-0000000000e${n}`,
      actor: { id: ME, type: "user", name: "Ada Admin" },
      action,
      before,
      after,
      created_at: "2026-11-20T10:00:00.000Z",
    });
    const activity = {
      total: 5,
      items: [
        entry("approval.reset", { approval_status: "approved" }, { approval_status: "draft", reason: "workflow.resetReasons.tierChanged" }, 1),
        entry("classification.changed", { risk_tier: "high", risk_descriptors: ["business"] }, { risk_tier: "medium", risk_descriptors: [] }, 2),
        entry("details.updated", { details: { personal_data: "none" } }, { details: { personal_data: "personal" } }, 3),
        entry("something.new", null, { x: 1 }, 4),
        entry(
          "evidence.updated",
          { control_id: "C-GOV-01", name: "Audit letter", effective_on: "2026-05-01", expires_on: null },
          { control_id: "C-GOV-01", name: "Audit letter", effective_on: "2026-04-01", expires_on: "2027-04-01" },
          5,
        ),
      ],
    };
    renderDetailPage(fakeProvider({ lists: { activity } }), "?tab=activity");
    const table = await screen.findByRole("table", { name: "Activity" });
    const rows = within(table).getAllByRole("row").slice(1).map((r) => r.textContent);
    expect(rows[0]).toContain("Approval reset");
    expect(rows[0]).toContain("Approved → Draft. The risk tier changed");
    expect(rows[1]).toContain("Risk classification changed");
    expect(rows[1]).toContain("High → Medium");
    expect(rows[2]).toContain("Answers changed: Personal data");
    expect(rows[3]).toContain("something.new");
    expect(rows[4]).toContain("Evidence changed");
    expect(rows[4]).toContain("2026-05-01 – — → 2026-04-01 – 2027-04-01");
  });
});
