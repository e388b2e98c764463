import type { Incident } from "../../../domain/entities/incident";
import type { ApiRequest } from "../../providers/api-client";
import type { ApiMock } from "./api-client-mock";
import { anApplication, APP_ID, USER_ID } from "../../test-support/fixtures";

export const INCIDENT_ID = "00000000-0000-4000-8000-0000000000e1";
export const NEW_ID = "00000000-0000-4000-8000-0000000000e2";
/** A control every high-tier application carries. */
export const CONTROL = { id: "C-GOV-01", name: "AI governance policy" };

/** A chatbot incident of the shared sample application, open and not serious. */
export function anIncident(overrides: Partial<Incident> = {}): Incident {
  const app = anApplication();
  return {
    id: INCIDENT_ID,
    title: "Wrong refund promised",
    application: { id: app.id, name: app.name },
    severity: "medium",
    status: "open",
    occurred_at: null,
    detected_at: "2026-03-01T09:30:00.000Z",
    description: null,
    affected_people: null,
    serious: false,
    serious_type: null,
    report_deadline: null,
    reported_at: null,
    report_overdue: false,
    root_cause: null,
    corrective_actions: [],
    owner_id: USER_ID,
    owner: { id: USER_ID, name: "Carlos Contributor" },
    created_at: "2026-03-01T09:40:00.000Z",
    updated_at: "2026-03-01T09:40:00.000Z",
    version: 1,
    resource_group_ids: app.resource_group_ids,
    ...overrides,
  };
}

/** The GETs the incident screens make, answered from `incidents` and the sample application; writes answer `write`. */
export function fakeApi(api: ApiMock, incidents: Incident[], write: (request: ApiRequest) => Promise<unknown> = async () => incidents[0]) {
  const list = (items: unknown[]) => ({ items, total: items.length });
  api.mockImplementation(async (request) => {
    if (request.method && request.method !== "GET") return write(request);
    const { path } = request;
    if (path === "/incidents") return list(incidents);
    if (path.startsWith("/incidents/")) return incidents.find((i) => path.endsWith(i.id)) ?? Promise.reject({ statusCode: 404, message: "Incident not found." });
    if (path === "/applications") return list([anApplication()]);
    if (path === `/applications/${APP_ID}/authorized-users`) return list([{ user_id: USER_ID, first_name: "Carlos", last_name: "Contributor" }]);
    if (path === `/applications/${APP_ID}/controls`) return list([CONTROL]);
    return list([]);
  });
}

/** The writes sent to the API, without the reads. */
export const writesOf = (api: ApiMock) =>
  api.mock.calls.map(([request]) => request).filter((r) => r.method && r.method !== "GET");
