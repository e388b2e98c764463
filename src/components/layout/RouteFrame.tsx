import { Suspense, type ComponentType, type ReactNode } from "react";
import { useLocation } from "react-router";
import { ErrorBoundary } from "../errors/ErrorBoundary";
import { PageSkeleton } from "./PageSkeleton";

/** Every route: loaded on demand (its skeleton meanwhile), and a failure inside it stays inside it. */
export function RouteFrame({ page: Page, fallback = <PageSkeleton /> }: { page: ComponentType; fallback?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={fallback}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
