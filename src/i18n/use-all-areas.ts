import { use } from "react";
import { useTranslation } from "react-i18next";
import { i18n } from "./index";
import { loadPrivateAreas } from "./resources";

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
