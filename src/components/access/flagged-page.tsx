import { lazy, type ComponentType } from "react";
import type { ProductFlagKey } from "../../../domain/flags/catalogue";
import { useFeatureFlag } from "../../providers/feature-flags";
import type { LazyPage } from "../../resources/types";

const NotFoundPage = lazy(() => import("../../pages/errors/NotFoundPage"));

/** A page of a feature behind a flag: while the flag is off for the user, the page does not exist (not found). */
export function flaggedPage(flag: ProductFlagKey, load: () => Promise<{ default: ComponentType }>): LazyPage {
  return lazy(async () => {
    const { default: Page } = await load();
    function FlaggedPage() {
      return useFeatureFlag(flag) ? <Page /> : <NotFoundPage />;
    }
    return { default: FlaggedPage };
  });
}
