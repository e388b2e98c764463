import type { DataProvider } from "@refinedev/core";
import { dataProvider } from "../../../providers/data-provider";
import type { Application } from "../../../../domain/entities/application";
import type { ApplicationDetails } from "../../../../domain/risk";
import { lowRiskDetails } from "../../../../domain/risk/test-support";
import { anApplication as sharedApplication, APP_ID, aUser, GROUP_CLAIMS, USER_ID } from "../../../test-support/fixtures";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import ApplicationDetailPage from "./ApplicationDetailPage";

export { initTestI18n } from "../../../test-support/i18n";

export { APP_ID };
export const ME = USER_ID;
export const SOMEONE_ELSE = "00000000-0000-4000-8000-00000000000d";

/** The shared sample application as a low-risk draft without a description. */
export function anApplication(overrides: Partial<Application> = {}): Application {
  return sharedApplication({ description: null, risk_tier: "low", ...overrides });
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
  const custom = async (params: { url: string; method: string; payload?: unknown }): Promise<{ data: never }> => {
    const { url, method, payload } = params;
    if (method !== "get") {
      // Without a handler, writes take the real data provider's way to the (mocked) API client.
      if (!fixture.mutate) return (await dataProvider.custom!(params as never)) as never;
      return { data: ((await fixture.mutate({ url, method, payload })) ?? application) as never };
    }
    if (url === "/applications/role-assignments/user") {
      return { data: { items: [{ application_id: application.id, application_name: application.name, roles: fixture.roles ?? [] }], total: 1 } as never };
    }
    const sub = url.replace(`/applications/${application.id}/`, "");
    if (sub === "details") return { data: { details: lowRiskDetails(fixture.details ?? {}) } as never };
    return { data: (fixture.lists?.[sub] ?? { items: [], total: 0 }) as never };
  };
  return {
    getOne: fixture.getOne ?? (async () => ({ data: application as never })),
    // Saves of the application itself (PUT /applications/{id}) reach `mutate` like every other write.
    update: async ({ id, variables, meta }: { id: unknown; variables: unknown; meta?: Record<string, unknown> }) =>
      custom({ url: `/applications/${String(id)}`, method: String(meta?.method ?? "patch").toLowerCase(), payload: variables }),
    custom,
    /** The role names the caller holds on the application. */
    callerRoles: fixture.roles ?? [],
  };
}

/**
 * The detail page at /applications/detail/{id}, signed in as ME over a fake data provider, holding the
 * provider's role names through a SELECTED group that reaches the application.
 */
export function renderDetailPage({ callerRoles, ...provider }: Partial<DataProvider> & { callerRoles: string[] }, search = "") {
  return renderWithRefine(<ApplicationDetailPage />, {
    dataProvider: provider,
    identity: aUser(callerRoles.map((name) => ({ name, resource_group: GROUP_CLAIMS }))),
    path: `/applications/detail/${APP_ID}${search}`,
    pattern: "/applications/detail/:id",
  });
}
