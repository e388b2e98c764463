import { useCallback } from "react";
import { useResourceParams, type BaseKey } from "@refinedev/core";

type Params = Record<string, BaseKey>;

/** A route pattern filled in: `routeUrl("/applications/overview/:id", { id }, { tab: "controls" })`. */
export function routeUrl(pattern: string, params: Params = {}, query: Record<string, string> = {}): string {
  const path = pattern.replace(/:([A-Za-z0-9_]+)/g, (_match, key: string) => {
    if (params[key] === undefined) throw new Error(`The route ${pattern} needs :${key}.`);
    return encodeURIComponent(String(params[key]));
  });
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A link to any named route of a resource, from its definition (Refine's resources carry the patterns in
 * meta.routes): `resourceUrl("applications", "overview", { id })`, `resourceUrl("applications", "show", { id }, { tab: "controls" })`.
 * Plain list and show links are Refine's own `useNavigation().listUrl/showUrl`.
 */
export function useResourceUrl() {
  const { resources } = useResourceParams();
  return useCallback(
    (resource: string, route: string, params?: Params, query?: Record<string, string>) => {
      const routes = resources.find((r) => r.name === resource)?.meta?.routes as Record<string, string> | undefined;
      const pattern = routes?.[route];
      if (!pattern) throw new Error(`The resource ${resource} has no route "${route}".`);
      return routeUrl(pattern, params, query);
    },
    [resources],
  );
}

/** `(id) => "/vendors/detail/<id>"`: a resource's record link, stable across renders (for grid columns and row clicks). */
export function useShowUrl(resource: string) {
  const url = useResourceUrl();
  return useCallback((id: BaseKey) => url(resource, "show", { id }), [url, resource]);
}
