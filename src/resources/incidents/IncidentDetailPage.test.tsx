// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { dataProvider } from "../../providers/data-provider";
import { EntityTitlesProvider } from "../../components/layout/entity-titles";
import { USER_ID } from "../../test-support/fixtures";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { api } from "./api-client-mock";
import IncidentDetailPage from "./IncidentDetailPage";
import { anIncident, CONTROL, fakeApi, INCIDENT_ID, writesOf } from "./test-support";
import type { Incident } from "../../../domain/entities/incident";

vi.mock("../../providers/api-client", () => import("./api-client-mock"));

beforeAll(initTestI18n);
beforeEach(() => {
  api.mockReset();
});
afterEach(cleanup);

const READ = (_resource: string | undefined, action: string) => action === "list" || action === "show";
/** A contributor: everything but deleting. */
const CONTRIBUTE = (_resource: string | undefined, action: string) => action !== "delete";

async function openPage(incident: Incident, can: (resource: string | undefined, action: string) => boolean = CONTRIBUTE) {
  fakeApi(api, [incident], async () => incident);
  renderWithRefine(
    <EntityTitlesProvider>
      <IncidentDetailPage />
    </EntityTitlesProvider>,
    { dataProvider, path: `/incidents/detail/${incident.id}`, pattern: "/incidents/detail/:id", can },
  );
  return screen.findByRole("heading", { level: 1, name: incident.title });
}

describe("the incident's page", () => {
  it("offers only the status moves allowed from where the incident stands, and moves it on the version shown", async () => {
    await openPage(anIncident({ status: "resolved", version: 4 }));
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: "Status" }));
    const options = within(screen.getByRole("listbox")).getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["Resolved", "Move to Closed", "Move to Open"]);
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "Move to Closed" }));
    await waitFor(() => expect(writesOf(api)).toEqual([{ method: "PATCH", path: `/incidents/${INCIDENT_ID}`, body: { status: "closed" }, headers: { "If-Match": '"4"' } }]));
  });

  it("shows the server's refusal of a move", async () => {
    await openPage(anIncident());
    api.mockImplementation(async (request) => {
      if (request.method === "PATCH") throw { statusCode: 400, message: "The request has invalid fields.", errors: { status: ["incidents.validation.statusMove"] } };
      return anIncident();
    });
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: "Status" }));
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "Move to Investigating" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The incident cannot move to this status from its current one.");
  });

  it("shows a reader the incident with no way to change it", async () => {
    await openPage(anIncident({ corrective_actions: [{ id: "00000000-0000-4000-8000-0000000000a9", description: "Retrain", owner_id: null, due_date: null, control_id: null, done: false }] }), READ);
    expect(await screen.findByText("You can read this incident; contributors of its application and administrators change it.")).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Status" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add action" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete incident" })).toBeNull();
    expect(screen.getByRole("textbox", { name: /Title/ })).toHaveProperty("disabled", true);
    expect(within(screen.getByRole("group", { name: "Corrective action 1" })).getByRole("textbox", { name: /Action/ })).toHaveProperty("disabled", true);
  });

  it("saves only the changed facts, checking them against the report time it does not show", async () => {
    await openPage(anIncident({ serious: true, serious_type: "health_harm", report_deadline: "2026-03-16T09:30:00.000Z", reported_at: "2026-03-02T09:30:00.000Z" }));
    const details = screen.getByRole("form", { name: "Details" });
    fireEvent.change(within(details).getByLabelText(/Detected at/), { target: { value: "2026-03-03T10:00" } });
    fireEvent.click(within(details).getByRole("button", { name: "Save" }));
    expect(await within(details).findByText("An incident cannot be reported before it was detected.")).toBeTruthy();
    fireEvent.change(within(details).getByLabelText(/Detected at/), { target: { value: "2026-03-01T08:00" } });
    fireEvent.change(within(details).getByRole("textbox", { name: "Root cause" }), { target: { value: "Stale model" } });
    fireEvent.click(within(details).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writesOf(api)).toHaveLength(1));
    expect(writesOf(api)[0]).toEqual({ method: "PATCH", path: `/incidents/${INCIDENT_ID}`, body: { detected_at: new Date("2026-03-01T08:00").toISOString(), root_cause: "Stale model" }, headers: { "If-Match": '"1"' } });
  });

  it("adds a corrective action on one of the application's controls and saves the whole list", async () => {
    const kept = { id: "00000000-0000-4000-8000-0000000000a9", description: "Audit the data", owner_id: null, due_date: null, control_id: null, done: false };
    await openPage(anIncident({ corrective_actions: [kept] }));
    const actions = screen.getByRole("form", { name: "Corrective actions" });
    fireEvent.click(await within(actions).findByRole("button", { name: "Add action" }));
    const added = within(actions).getByRole("group", { name: "Corrective action 2" });
    fireEvent.change(within(added).getByRole("textbox", { name: /Action/ }), { target: { value: "Block dosage advice" } });
    fireEvent.change(within(added).getByLabelText("Due date"), { target: { value: "2026-04-01" } });
    fireEvent.mouseDown(within(added).getByRole("combobox", { name: "Control" }));
    fireEvent.click(await within(screen.getByRole("listbox")).findByRole("option", { name: `${CONTROL.id} — ${CONTROL.name}` }));
    fireEvent.mouseDown(within(added).getByRole("combobox", { name: "Owner" }));
    fireEvent.click(await within(screen.getByRole("listbox")).findByRole("option", { name: "Carlos Contributor" }));
    fireEvent.click(within(actions).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writesOf(api)).toHaveLength(1));
    expect(writesOf(api)[0].body).toEqual({
      corrective_actions: [kept, { description: "Block dosage advice", owner_id: USER_ID, due_date: "2026-04-01", control_id: CONTROL.id, done: false }],
    });
  });
});
