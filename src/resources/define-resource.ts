import type { ReactNode } from "react";
import type { ResourceProps } from "@refinedev/core";
import type { AppResource, ApplicationTab, LazyPage, RefineAction, ResourceAccess, ResourceRoutes } from "./types";

/** The id a singleton's record goes by in Refine's hooks and cache; its API path has none. */
export const SINGLETON_ID = "current";

const REFINE_ACTIONS: readonly RefineAction[] = ["list", "create", "edit", "show", "clone"];

export interface ResourceDefinition<R extends ResourceRoutes> {
  /** The Refine resource name, used by the data hooks, the access checks and the links. */
  name: string;
  /** The API path under /v2 (`"access/users"`); the name when left out. */
  api?: string;
  /** i18n key of the menu label and of the list route's breadcrumb. */
  label: string;
  icon?: ReactNode;
  /** Menu parent (the Admin submenu). */
  parent?: string;
  /** Checked by the access-control provider; without it the resource is open to anyone signed in. */
  access?: ResourceAccess;
  /** Where whoever the access refuses lands; the unauthorised page when left out. */
  whenRefused?: AppResource["whenRefused"];
  hideInMenu?: boolean;
  /** One record without an id in its API path (the company): read and updated as `SINGLETON_ID`. */
  singleton?: boolean;
  /** The resource's records of one application, shown as a tab on the application's page. */
  applicationTab?: ApplicationTab;
  /** Named route patterns: Refine's actions (`show: "/applications/detail/:id"`) and extra ones (`overview`). */
  routes?: R;
  /** The page of each route that renders one, by route name. */
  pages?: Partial<Record<keyof R, LazyPage>>;
}

/** One resource in one place: its API path, menu entry, access, route patterns and pages. */
export function defineResource<const R extends ResourceRoutes = ResourceRoutes>(definition: ResourceDefinition<R>): AppResource {
  const { name, api = name, label, icon, parent, access, whenRefused, hideInMenu, singleton, applicationTab, routes, pages = {} } = definition;
  const paths: ResourceRoutes = { ...routes };
  return {
    name,
    api,
    label,
    icon,
    parent,
    access,
    whenRefused,
    hideInMenu,
    singleton,
    applicationTab,
    paths,
    routes: Object.entries(pages as Record<string, LazyPage | undefined>).flatMap(([route, page]) => {
      const path = paths[route];
      if (!path) throw new Error(`Resource ${name}: the page "${route}" has no route.`);
      return page ? [{ path, page }] : [];
    }),
  };
}

/**
 * Refine's `resources`: the action routes, and the meta Refine merges into every data-provider call of the
 * resource (`meta.path`, its API path) and the menu reads (label, icon, parent, hide). `meta.routes` keeps the
 * extra route patterns for the links (see links.ts).
 */
export function refineResources(resources: AppResource[]): ResourceProps[] {
  return resources.map((r) => {
    const actions = Object.fromEntries(REFINE_ACTIONS.flatMap((action) => (r.paths?.[action] ? [[action, r.paths[action]]] : [])));
    return {
      name: r.name,
      ...actions,
      meta: { label: r.label, icon: r.icon, parent: r.parent, hide: r.hideInMenu, path: r.api, singleton: r.singleton, applicationTab: r.applicationTab, routes: r.paths },
    };
  });
}
