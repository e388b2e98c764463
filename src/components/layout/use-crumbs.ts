import { useEffect, useMemo } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { breadcrumbsFor, documentTitleFor, type Crumb } from "./breadcrumbs";
import { useEntityTitles } from "./entity-titles";

/** The current route's breadcrumbs, translated; also sets the browser title from the first one. */
export function useCrumbs(): Crumb[] {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const titles = useEntityTitles();
  const crumbs = useMemo(
    () =>
      breadcrumbsFor(pathname, {
        titles,
        dashboardLabel: t("layout.nav.dashboard"),
        segmentLabel: (segment) => {
          const key = `layout.breadcrumbs.${segment}`;
          return i18n.exists(key) ? t(key) : undefined;
        },
      }),
    [pathname, titles, t, i18n],
  );
  useEffect(() => {
    document.title = documentTitleFor(crumbs);
  }, [crumbs]);
  return crumbs;
}
