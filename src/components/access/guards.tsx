import type { ReactNode } from "react";
import { Navigate, Route, useLocation } from "react-router";
import { useCan, useGetIdentity } from "@refinedev/core";
import type { CurrentUser } from "../../../domain/access/current-user";
import { limitedAccessRedirect } from "../../providers/access-control";
import type { AppResource } from "../../resources/types";
import { RouteFrame } from "../layout/RouteFrame";
import { PageSkeleton } from "../layout/PageSkeleton";
import { refusedPath } from "./refused-path";

/** A user without roles only sees /limited-access and /settings. */
export function LimitedAccessGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { data: user, isLoading } = useGetIdentity<CurrentUser>();
  if (isLoading) return <PageSkeleton />;
  const to = user ? limitedAccessRedirect(pathname, user) : null;
  return to ? <Navigate to={to} replace /> : <>{children}</>;
}

/** A resource's route: rendered only when the access-control provider allows listing it; else refused. */
function RequireAccess({ resource, children }: { resource: AppResource; children: ReactNode }) {
  const { pathname } = useLocation();
  const { data, isLoading } = useCan({ resource: resource.name, action: "list" });
  if (isLoading) return <PageSkeleton />;
  return data?.can ? <>{children}</> : <Navigate to={refusedPath(resource.whenRefused, pathname)} replace />;
}

/** The routes of every resource; one that declares the access it needs refuses whoever lacks it. */
export function resourceRoutes(resources: AppResource[]) {
  return resources.flatMap((resource) =>
    resource.routes.map((route) => {
      const page = <RouteFrame page={route.page} />;
      return <Route key={route.path} path={route.path} element={resource.access ? <RequireAccess resource={resource}>{page}</RequireAccess> : page} />;
    }),
  );
}
