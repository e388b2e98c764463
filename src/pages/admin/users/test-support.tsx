import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { Refine, type AuthProvider, type DataProvider } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { User } from "../../../../domain/entities/user";

export { initTestI18n } from "../../../test-support/i18n";

export const ADMIN_ID = "00000000-0000-4000-8000-00000000000a";
export const GROUP_ALL = { id: "00000000-0000-4000-8000-0000000000a1", name: "All applications", group_type: "ALL" as const };
export const GROUP_CUSTOMER = { id: "00000000-0000-4000-8000-0000000000a2", name: "Customer AI", group_type: "SELECTED" as const };
export const ROLE_ADMIN = "00000000-0000-4000-8000-0000000000b1";
export const ROLE_CONTRIBUTOR = "00000000-0000-4000-8000-0000000000b2";

export const adaAdmin: User = {
  id: ADMIN_ID,
  email: "admin@steward.test",
  first_name: "Ada",
  last_name: "Admin",
  language: "en",
  created_at: "2026-11-20T10:00:00.000Z",
  roles: [{ role_id: ROLE_ADMIN, name: "Administrator", resource_group: GROUP_ALL }],
};
export const carlos: User = {
  id: "00000000-0000-4000-8000-00000000000c",
  email: "contributor@steward.test",
  first_name: "Carlos",
  last_name: "Contributor",
  language: "es",
  created_at: "2026-11-21T10:00:00.000Z",
  roles: [
    { role_id: ROLE_CONTRIBUTOR, name: "ApplicationContributor", resource_group: GROUP_ALL },
    { role_id: ROLE_CONTRIBUTOR, name: "ApplicationContributor", resource_group: GROUP_CUSTOMER },
  ],
};

/** Signed in as Ada Admin. */
const authProvider: AuthProvider = {
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ id: ADMIN_ID, email: adaAdmin.email, first_name: "Ada", last_name: "Admin", language: "en", roles: [] }),
};

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders `element` at `path` (route `pattern`) inside Refine with a fake data provider; shows the current path. */
export function renderWithRefine(element: ReactNode, dataProvider: Partial<DataProvider>, path = "/manage-users", pattern = path) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Refine
        // Refine only takes an object with getList or getOne as a data provider.
        dataProvider={{ getApiUrl: () => "", getList: async () => ({ data: [], total: 0 }), ...dataProvider } as DataProvider}
        authProvider={authProvider}
        resources={[{ name: "manage-users", list: "/manage-users", show: "/manage-users/:id" }]}
        options={{ reactQuery: { clientConfig: new QueryClient({ defaultOptions: { queries: { retry: false } } }) }, disableTelemetry: true }}
      >
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </Refine>
    </MemoryRouter>,
  );
}
