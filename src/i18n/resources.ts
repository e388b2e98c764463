import type { BackendModule, ReadCallback } from "i18next";
import { ON_DEMAND_AREAS } from "./on-demand-areas";

/**
 * Every locales/<lng>/<area>.json, addressed as `<area>.<key>` (e.g. `applications.fields.name`), but the
 * areas only the server writes with (the texts of downloaded reports), which the browser never shows.
 */
const files = import.meta.glob<Record<string, unknown>>(
  ["../../locales/*/*.json", "!../../locales/*/testing-reports.json", "!../../locales/*/testing-prompts.json", "!../../locales/*/reports.json"],
  { import: "default" },
);

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The areas the public pages need; the rest load with the signed-in app, keeping sign-in light. */
const PUBLIC_AREAS = new Set(["common", "auth", "sign-in-steps", "validation", "errors", "layout"]);

const areaOf = (file: string) => /([^/]+)\.json$/.exec(file)![1];

async function loadAreas(lng: string, wanted: (area: string) => boolean): Promise<Record<string, unknown>> {
  const entries = Object.entries(files).filter(([file]) => file.includes(`/locales/${lng}/`) && wanted(areaOf(file)));
  return Object.fromEntries(await Promise.all(entries.map(async ([file, load]) => [areaOf(file), await load()] as const)));
}

const loadPublicAreas = (lng: string) => loadAreas(lng, (area) => PUBLIC_AREAS.has(area));
export const loadPrivateAreas = (lng: string) => loadAreas(lng, (area) => !PUBLIC_AREAS.has(area) && !(area in ON_DEMAND_AREAS));
/** One area's strings in one language (an on-demand area, when a page that reads it opens). */
export const loadArea = (lng: string, area: string) => loadAreas(lng, (a) => a === area);

/** i18next backend: a language's public areas, as separate chunks, only once that language is used. */
export const localesBackend: BackendModule = {
  type: "backend",
  init() {},
  read(lng: string, _ns: string, callback: ReadCallback) {
    loadPublicAreas(lng).then(
      (resources) => callback(null, resources),
      (error: Error) => callback(error, false),
    );
  },
};
