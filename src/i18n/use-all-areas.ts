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

function loadAreasOnce(instance: I18n, missing: readonly (readonly [string, string])[]): Promise<void> {
  const key = missing.map(([lng, area]) => `${lng}:${area}`).join(",");
  let promise = loadingAreas.get(key);
  if (!promise) {
    promise = Promise.all(missing.map(([lng, area]) => loadArea(lng, area).then((strings) => instance.addResourceBundle(lng, "translation", strings, true, false)))).then(() => {});
    loadingAreas.set(key, promise);
  }
  return promise;
}

/**
 * Read by `use` once every area is there. Marked fulfilled the way React marks the promises it has seen, so
 * `use` returns at once instead of suspending on it.
 */
const LOADED: Promise<void> = Object.assign(Promise.resolve(), { status: "fulfilled", value: undefined });

/** Suspends until these on-demand areas are loaded for the current language (and English, the fallback). */
export function useLocaleAreas(areas: readonly string[]): void {
  const { i18n: instance } = useTranslation();
  const lng = instance.resolvedLanguage ?? "en";
  const missing = [...new Set(["en", lng])].flatMap((l) => areas.filter((area) => !instance.getResource(l, "translation", area)).map((area) => [l, area] as const));
  // Always one `use`, loaded or not: React replays a suspended component once its promise settles, and a replay
  // that skipped the `use` would no longer line up with the first pass ("update hook called on initial render").
  use(missing.length > 0 ? loadAreasOnce(instance, missing) : LOADED);
}
