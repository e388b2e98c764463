import { Suspense, type ComponentType } from "react";
import { useLocation } from "react-router";
import { LinearProgress } from "@mui/material";
import { ErrorBoundary } from "../errors/ErrorBoundary";

/** Every route: loaded on demand, and a failure inside it stays inside it. */
export function RouteFrame({ page: Page }: { page: ComponentType }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LinearProgress aria-label="loading" />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
