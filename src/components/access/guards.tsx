import type { ReactNode } from "react";
import { Navigate, Route, useLocation } from "react-router";
import { LinearProgress } from "@mui/material";
import { useCan, useGetIdentity } from "@refinedev/core";
import type { CurrentUser } from "../../../domain/access/current-user";
import { limitedAccessRedirect } from "../../providers/access-control";
import type { AppResource } from "../../resources/types";
import { RouteFrame } from "../layout/RouteFrame";

/** A user without roles only sees /limited-access and /settings. */
export function LimitedAccessGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { data: user, isLoading } = useGetIdentity<CurrentUser>();
  if (isLoading) return <LinearProgress aria-label="loading" />;
  const to = user ? limitedAccessRedirect(pathname, user) : null;
  return to ? <Navigate to={to} replace /> : <>{children}</>;
}

/** A resource's route: rendered only when the access-control provider allows listing it, else /not-found. */
function RequireAccess({ resource, children }: { resource: string; children: ReactNode }) {
  const { data, isLoading } = useCan({ resource, action: "list" });
  if (isLoading) return <LinearProgress aria-label="loading" />;
  return data?.can ? <>{children}</> : <Navigate to="/not-found" replace />;
}

/** The routes of every resource; one that declares the access it needs sends whoever lacks it to /not-found. */
export function resourceRoutes(resources: AppResource[]) {
  return resources.flatMap((resource) =>
    resource.routes.map((route) => {
      const page = <RouteFrame page={route.page} />;
      return <Route key={route.path} path={route.path} element={resource.access ? <RequireAccess resource={resource.name}>{page}</RequireAccess> : page} />;
    }),
  );
}
