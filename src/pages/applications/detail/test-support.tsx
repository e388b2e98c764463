import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { Refine, type AuthProvider, type DataProvider } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { Application } from "../../../../domain/entities/application";
import type { ApplicationDetails } from "../../../../domain/risk";
import { lowRiskDetails } from "../../../../domain/risk/test-support";
import ApplicationDetailPage from "./ApplicationDetailPage";

export { initTestI18n } from "../../../test-support/i18n";

export const APP_ID = "00000000-0000-4000-8000-0000000000f1";
export const ME = "00000000-0000-4000-8000-00000000000c";
export const SOMEONE_ELSE = "00000000-0000-4000-8000-00000000000d";

export function anApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: APP_ID,
    name: "Claims triage",
    description: null,
    owner: { id: ME, name: "Carlos Contributor" },
    risk_tier: "low",
    risk_descriptors: [],
    approval_status: "draft",
    development_status: "idea",
    approval_reset_reason: null,
    submitted_by: null,
    approved_at: null,
    next_review_due: null,
    created_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

export interface Fixture {
  application?: Application;
  /** The caller's role names on the application. */
  roles?: string[];
  details?: Partial<ApplicationDetails>;
  /** Answers for other GETs, by path after /applications/{id}/. */
  lists?: Record<string, unknown>;
  /** PUT/POST/DELETE handler; resolves the response data or throws an HttpError. */
  mutate?(request: { url: string; method: string; payload: unknown }): Promise<unknown>;
  getOne?: DataProvider["getOne"];
}

/** A fake API for the page: GET /applications/{id} via getOne, everything else through `custom`. */
export function fakeProvider(fixture: Fixture) {
  const application = fixture.application ?? anApplication();
  const custom = async ({ url, method, payload }: { url: string; method: string; payload?: unknown }) => {
    if (method !== "get") return { data: ((await fixture.mutate?.({ url, method, payload })) ?? application) as never };
    if (url === "/applications/role-assignments/user") {
      return { data: { items: [{ application_id: application.id, application_name: application.name, roles: fixture.roles ?? [] }], total: 1 } as never };
    }
    const sub = url.replace(`/applications/${application.id}/`, "");
    if (sub === "details") return { data: { details: lowRiskDetails(fixture.details ?? {}) } as never };
    return { data: (fixture.lists?.[sub] ?? { items: [], total: 0 }) as never };
  };
  return {
    getOne: fixture.getOne ?? (async () => ({ data: application as never })),
    custom,
  };
}

const authProvider: AuthProvider = {
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ id: ME, email: "contributor@steward.test", first_name: "Carlos", last_name: "Contributor", roles: [] }),
};

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The detail page at /applications/detail/{id}, signed in as ME, over a fake data provider. */
export function renderDetailPage(provider: Partial<DataProvider>, search = "") {
  return render(
    <MemoryRouter initialEntries={[`/applications/detail/${APP_ID}${search}`]}>
      <Refine
        dataProvider={{ getApiUrl: () => "", getList: async () => ({ data: [], total: 0 }), ...provider } as DataProvider}
        authProvider={authProvider}
        resources={[{ name: "applications", list: "/applications", show: "/applications/detail/:id" }]}
        options={{ reactQuery: { clientConfig: new QueryClient({ defaultOptions: { queries: { retry: false } } }) }, disableTelemetry: true }}
      >
        <Routes>
          <Route path="/applications/detail/:applicationId" element={<ApplicationDetailPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </Refine>
    </MemoryRouter>,
  );
}
