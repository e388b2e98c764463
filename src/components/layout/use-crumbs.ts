import { useEffect, useMemo } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { breadcrumbsFor, documentTitleFor, type Crumb } from "./breadcrumbs";
import { useEntityTitles } from "./entity-titles";

/**
 * The current route's breadcrumbs, translated; also sets the browser title from the first one. A segment is
 * labelled by `layout.breadcrumbs.<segment>`, else by `resourceLabel` (the i18n key of the resource whose list
 * route it is), else humanised.
 */
export function useCrumbs(resourceLabel?: (segment: string) => string | undefined): Crumb[] {
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
          if (i18n.exists(key)) return t(key);
          const label = resourceLabel?.(segment);
          return label ? t(label) : undefined;
        },
      }),
    [pathname, titles, t, i18n, resourceLabel],
  );
  useEffect(() => {
    document.title = documentTitleFor(crumbs);
  }, [crumbs]);
  return crumbs;
}
