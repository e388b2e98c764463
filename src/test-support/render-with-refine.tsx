import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import routerProvider from "@refinedev/react-router";
import { Refine, type AccessControlProvider, type AuthProvider, type DataProvider, type ResourceProps } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { CurrentUser } from "../../domain/access/current-user";
import { UserAbilityProvider } from "../providers/ability";
import { notificationProvider } from "../providers/notifications";
import { appResources } from "../resources";
import { refineResources } from "../resources/define-resource";

export interface RefineTestOptions {
  /** Fakes for the calls the page makes; getList answers an empty list unless given. */
  dataProvider?: Partial<DataProvider>;
  /** The signed-in user useGetIdentity() answers. */
  identity?: CurrentUser;
  /** Whether the access-control provider allows `action` on `resource`; everything when left out. */
  can?(resource: string | undefined, action: string): boolean;
  /** The URL to open, and the route pattern the element is mounted on (defaults to the URL). */
  path?: string;
  pattern?: string;
  /** The app's own resources (routes, API paths) unless given. */
  resources?: ResourceProps[];
}

const DEFAULT_RESOURCES: ResourceProps[] = refineResources(appResources);

/** Where the app navigated: the path and, when there is one, the query (e.g. a record's ?tab=). */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `element` inside Refine with fake providers and a router; `getByTestId("location")` shows where it navigated. */
export function renderWithRefine(element: ReactNode, options: RefineTestOptions = {}) {
  const { dataProvider = {}, identity, can, path = "/", pattern = path, resources = DEFAULT_RESOURCES } = options;
  const authProvider: AuthProvider = {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    check: async () => ({ authenticated: true }),
    onError: async () => ({}),
    getIdentity: async () => identity ?? null,
  };
  const accessControlProvider: AccessControlProvider = {
    can: async ({ resource, action }) => ({ can: can ? can(resource, action) : true }),
  };
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Refine
        // Refine only takes an object with getList or getOne as a data provider.
        dataProvider={{ getApiUrl: () => "", getList: async () => ({ data: [], total: 0 }), ...dataProvider } as DataProvider}
        authProvider={authProvider}
        routerProvider={routerProvider}
        accessControlProvider={accessControlProvider}
        notificationProvider={notificationProvider}
        resources={resources}
        options={{ reactQuery: { clientConfig: new QueryClient({ defaultOptions: { queries: { retry: false } } }) }, disableTelemetry: true }}
      >
        <UserAbilityProvider>
          <Routes>
            <Route path={pattern} element={element} />
            <Route path="*" element={null} />
          </Routes>
        </UserAbilityProvider>
        <Where />
      </Refine>
    </MemoryRouter>,
  );
}
