import { useEffect } from "react";
import { useLocation } from "react-router";
import { useGetIdentity } from "@refinedev/core";
import type { CurrentUser } from "../../domain/access/current-user";
import { useClientConfig } from "../providers/client-config";
import { startAnalytics, trackPageView } from "./analytics";
import { setErrorReportingUser } from "./error-reporting";

/**
 * Inside the signed-in app: tells error tracking and analytics who is signed in (by ids only), follows the
 * person's analytics choice as it changes, and counts a page view on every route change.
 */
export function TelemetrySession() {
  const config = useClientConfig();
  const { data: user } = useGetIdentity<CurrentUser>();
  const { pathname } = useLocation();
  const id = user?.id;
  const companyId = user?.companyId;
  const optedOut = user?.analytics_opt_out;

  useEffect(() => {
    if (!id || !companyId) return;
    setErrorReportingUser({ id, companyId });
    void startAnalytics(config, { id, companyId, optedOut: optedOut ?? false });
  }, [config, id, companyId, optedOut]);

  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);

  return null;
}
