// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { dataProvider } from "../../providers/data-provider";
import { APP_ID, aUser, GROUP_CLAIMS } from "../../test-support/fixtures";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { api } from "./api-client-mock";
import ApplicationIncidentsTab from "./ApplicationIncidentsTab";
import { anIncident, fakeApi, NEW_ID, writesOf } from "./test-support";

vi.mock("../../providers/api-client", () => import("./api-client-mock"));

beforeAll(initTestI18n);
beforeEach(() => {
  api.mockReset();
});
afterEach(cleanup);

/** Carlos, a contributor whose group reaches the sample application, on its Incidents tab. */
async function openDialog() {
  fakeApi(api, [], async () => anIncident({ id: NEW_ID }));
  const contributor = aUser([{ name: "ApplicationContributor", resource_group: GROUP_CLAIMS }]);
  renderWithRefine(<ApplicationIncidentsTab applicationId={APP_ID} canEdit />, { dataProvider, identity: contributor, path: "/applications/detail/x" });
  expect(await screen.findByText("No incidents recorded on this application. Record one when something goes wrong.")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Record incident" }));
  // The dialog's form is large: its first render in this file can take over a second on a busy machine.
  return screen.findByRole("dialog", { name: "Record an incident" }, { timeout: 10_000 });
}
const choose = (dialog: HTMLElement, field: string | RegExp, option: string) => {
  fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: field }));
  fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: option }));
};
const type = (dialog: HTMLElement, label: RegExp | string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
const iso = (local: string) => new Date(local).toISOString();

describe("recording an incident from the application's tab", () => {
  it("refuses a detection before the occurrence with the domain's message, sending nothing", async () => {
    const dialog = await openDialog();
    type(dialog, /Title/, "Wrong refund promised");
    choose(dialog, /Severity/, "High");
    type(dialog, "Occurred at", "2026-03-02T10:00");
    type(dialog, /Detected at/, "2026-03-01T10:00");
    fireEvent.click(within(dialog).getByRole("button", { name: "Record incident" }));
    expect(await within(dialog).findByText("An incident cannot be detected before it occurred.")).toBeTruthy();
    expect(writesOf(api)).toEqual([]);
  });

  it("tells the report deadline of a serious incident as it is chosen, sends the incident and opens its page", async () => {
    const dialog = await openDialog();
    // The application the tab belongs to is chosen already.
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: /Application/ }).textContent).toBe("Claims triage"));
    type(dialog, /Title/, "  Dosage advice ");
    choose(dialog, /Severity/, "Critical");
    type(dialog, /Detected at/, "2026-03-01T09:30");
    type(dialog, "People affected", "1");
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Serious incident" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Record incident" }));
    expect(await within(dialog).findByText("Choose what makes the incident serious.")).toBeTruthy();
    choose(dialog, /Kind of serious incident/, "Death of a person");
    const deadline = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date("2026-03-11T09:30"));
    expect(within(dialog).getByRole("status").textContent).toBe(`The report to the authority will be due by ${deadline}: 10 days after detection.`);

    fireEvent.click(within(dialog).getByRole("button", { name: "Record incident" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/incidents/detail/${NEW_ID}`));
    expect(writesOf(api)).toEqual([
      {
        method: "POST",
        path: "/incidents",
        body: {
          application_id: APP_ID,
          title: "Dosage advice",
          severity: "critical",
          occurred_at: null,
          detected_at: iso("2026-03-01T09:30"),
          description: null,
          affected_people: 1,
          serious: true,
          serious_type: "death",
        },
      },
    ]);
  });
});
