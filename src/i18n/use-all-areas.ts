import { use } from "react";
import { useTranslation } from "react-i18next";
import { i18n } from "./index";
import type { i18n as I18n } from "i18next";
import { loadArea, loadPrivateAreas } from "./resources";

const loading = new Map<string, Promise<void>>();

function loadOnce(lng: string): Promise<void> {
  let promise = loading.get(lng);
  if (!promise) {
    promise = loadPrivateAreas(lng).then((areas) => {
      i18n.addResourceBundle(lng, "translation", areas, true, false);
    });
    loading.set(lng, promise);
  }
  return promise;
}

/** Suspends until every area's strings are loaded for the current language (and English, the fallback). */
export function useAllLocaleAreas(): void {
  const { i18n: instance } = useTranslation();
  const lng = instance.resolvedLanguage ?? "en";
  use(lng === "en" ? loadOnce("en") : Promise.all([loadOnce("en"), loadOnce(lng)]).then(() => {}));
}

const loadingAreas = new Map<string, Promise<void>>();
/** Loads that have settled, with their failure if any: a language without an area's file is not waited on again. */
const settledAreas = new Map<string, { error?: unknown }>();

/** The load still to wait for, or nothing once it has settled (its failure thrown to the error boundary). */
function pendingAreas(instance: I18n, missing: readonly (readonly [string, string])[]): Promise<void> | undefined {
  const key = missing.map(([lng, area]) => `${lng}:${area}`).join(",");
  const settled = settledAreas.get(key);
  if (settled) {
    if (settled.error !== undefined) throw settled.error;
    return undefined;
  }
  let promise = loadingAreas.get(key);
  if (!promise) {
    promise = Promise.all(missing.map(([lng, area]) => loadArea(lng, area).then((strings) => instance.addResourceBundle(lng, "translation", strings, true, false)))).then(
      () => void settledAreas.set(key, {}),
      (error: unknown) => void settledAreas.set(key, { error }),
    );
    loadingAreas.set(key, promise);
  }
  return promise;
}

/** Suspends until these on-demand areas are loaded for the current language (and English, the fallback). */
export function useLocaleAreas(areas: readonly string[]): void {
  const { i18n: instance } = useTranslation();
  const lng = instance.resolvedLanguage ?? "en";
  const missing = [...new Set(["en", lng])].flatMap((l) => areas.filter((area) => !instance.getResource(l, "translation", area)).map((area) => [l, area] as const));
  // Thrown rather than read with `use`: React then renders the component afresh once the areas have arrived. A
  // `use` replays the suspended render instead, and a replay that no longer suspends meets the component's later
  // hooks unprepared (React error #520); a `use` of an already settled promise on every render would be read by
  // React's test scheduler (act) as pending work and stall the component's later updates.
  const pending = missing.length > 0 ? pendingAreas(instance, missing) : undefined;
  if (pending) throw pending;
}
