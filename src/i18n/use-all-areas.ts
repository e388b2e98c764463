import { use } from "react";
import { useTranslation } from "react-i18next";
import { i18n } from "./index";
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

/** Loads of on-demand areas, by the languages and areas a page asked for: started once, kept to be read again. */
const loadingAreas = new Map<string, Promise<void>>();

/** Suspends until these on-demand areas are loaded for the current language (and English, the fallback). */
export function useLocaleAreas(areas: readonly string[]): void {
  const { i18n: instance } = useTranslation();
  const lng = instance.resolvedLanguage ?? "en";
  const languages = [...new Set(["en", lng])];
  const key = `${languages.join(",")}|${areas.join(",")}`;
  let load = loadingAreas.get(key);
  if (!load) {
    const missing = languages.flatMap((l) => areas.filter((area) => !instance.getResource(l, "translation", area)).map((area) => [l, area] as const));
    if (missing.length === 0) return;
    load = Promise.all(missing.map(([l, area]) => loadArea(l, area).then((strings) => instance.addResourceBundle(l, "translation", strings, true, false)))).then(() => {});
    loadingAreas.set(key, load);
  }
  // Once a load has started, every render reads it with `use` (settled, it returns at once): React replays a
  // suspended render once the promise settles, and the replay must meet the same `use` to go on with the
  // component's later hooks. Areas that were there from the start (bundled, or in tests) are never read with `use`.
  use(load);
}
