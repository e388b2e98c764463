import { lazy } from "react";
import { Outlet, Route, Routes } from "react-router";
import { Authenticated, Refine } from "@refinedev/core";
import routerProvider, { CatchAllNavigate } from "@refinedev/react-router";
import { i18nProvider } from "./i18n";
import { useAllLocaleAreas } from "./i18n/use-all-areas";
import { dataProvider } from "./providers/data-provider";
import { authProvider } from "./providers/auth-provider";
import { accessControlProvider } from "./providers/access-control";
import { UserAbilityProvider } from "./providers/ability";
import { FeatureFlagsProvider } from "./providers/feature-flags";
import { notificationProvider } from "./providers/notifications";
import { queryClient } from "./providers/query-client";
import { appResources } from "./resources";
import { refineResources } from "./resources/define-resource";
import { AppLayout } from "./components/layout/AppLayout";
import { RouteFrame } from "./components/layout/RouteFrame";
import { PageSkeleton } from "./components/layout/PageSkeleton";
import { ShellSkeleton } from "./components/layout/ShellSkeleton";
import { LimitedAccessGate, resourceRoutes } from "./components/access/guards";
import { TelemetrySession } from "./telemetry/TelemetrySession";
import { useProfileLanguage } from "./i18n/use-profile-language";

const NotFoundPage = lazy(() => import("./pages/errors/NotFoundPage"));
const DocumentViewerPage = lazy(() => import("./pages/document-viewer/DocumentViewerPage"));

function Protected() {
  return (
    <Authenticated key="protected" fallback={<CatchAllNavigate to="/signin" />} loading={<ShellSkeleton />}>
      <AppLayout>
        <LimitedAccessGate>
          <Outlet />
        </LimitedAccessGate>
      </AppLayout>
    </Authenticated>
  );
}

/** Speaks the signed-in user's language outside the main layout too (the layout does it within). */
function ProfileLanguage() {
  useProfileLanguage();
  return null;
}

/** Signed in, but without the main layout: pages that take the whole window (the document viewer). */
function ProtectedBare() {
  return (
    <Authenticated key="protected-bare" fallback={<CatchAllNavigate to="/signin" />} loading={<PageSkeleton />}>
      <ProfileLanguage />
      <LimitedAccessGate>
        <Outlet />
      </LimitedAccessGate>
    </Authenticated>
  );
}

/** Everything behind sign-in, loaded as its own chunk so the sign-in page stays light. */
export default function ProtectedApp() {
  useAllLocaleAreas();
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      resources={refineResources(appResources)}
      options={{
        reactQuery: { clientConfig: queryClient },
        disableTelemetry: true,
        syncWithLocation: true,
        warnWhenUnsavedChanges: true,
        title: { text: "Steward" },
      }}
    >
      <UserAbilityProvider>
        <FeatureFlagsProvider>
          <TelemetrySession />
          <Routes>
            <Route element={<ProtectedBare />}>
              <Route path="/document-viewer/:documentId" element={<RouteFrame page={DocumentViewerPage} />} />
            </Route>
            <Route element={<Protected />}>
              {resourceRoutes(appResources)}
              <Route path="/not-found" element={<RouteFrame page={NotFoundPage} />} />
              <Route path="*" element={<RouteFrame page={NotFoundPage} />} />
            </Route>
          </Routes>
        </FeatureFlagsProvider>
      </UserAbilityProvider>
    </Refine>
  );
}
