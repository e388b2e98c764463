import type { ComponentType, LazyExoticComponent, ReactNode } from "react";
import type { Action, MenuKey, SubjectName } from "../../domain/access/abilities";

/** A page, loaded with the route that shows it. */
export type LazyPage = LazyExoticComponent<ComponentType>;

/** What a tab on the application's page is given: the application, and whether the user may edit it. */
export interface ApplicationTabProps {
  applicationId: string;
  canEdit: boolean;
}

/** A resource's records of one application, shown as a tab of the application's page (`?tab=<key>`). */
export interface ApplicationTab {
  key: string;
  /** i18n key of the tab's label. */
  label: string;
  page: LazyExoticComponent<ComponentType<ApplicationTabProps>>;
}

export interface PageRoute {
  path: string;
  page: LazyPage;
}

/**
 * What a resource needs, checked by the access-control provider against domain/access/abilities:
 * a menu entry of MENU_ITEMS, or an action on a subject. Type-only here, so CASL stays out of the sign-in bundle.
 */
export type ResourceAccess = { menu: MenuKey } | { action: Action; subject: SubjectName };

/** Refine's action routes; a resource may name more routes of its own (`overview`). */
export type RefineAction = "list" | "create" | "edit" | "show" | "clone";
export type ResourceRoutes = Partial<Record<RefineAction, string>> & Record<string, string>;

/** One area of the app as the routes, the menu, the breadcrumbs and the access checks see it (made by defineResource). */
export interface AppResource {
  name: string;
  /** The API path under /v2 (`access/users`); the data provider reads it from the resource's meta.path. */
  api?: string;
  /** i18n key of the menu label, also the breadcrumb of the list route. */
  label: string;
  icon?: ReactNode;
  /** Menu parent (the Admin submenu). */
  parent?: string;
  hideInMenu?: boolean;
  /** One record at the API path itself, no id (the company). */
  singleton?: boolean;
  /** The resource's records of one application, as a tab on the application's page. */
  applicationTab?: ApplicationTab;
  /** Without it, anyone signed in may open the routes; with it, the menu hides it from others and they are refused. */
  access?: ResourceAccess;
  /**
   * Where a person the access refuses lands: the unauthorised page, which says they lack access (the default),
   * or the not-found page, as if the page did not exist for them.
   */
  whenRefused?: "unauthorized" | "not-found";
  /** The named route patterns: Refine's actions (`list`, `show: "/applications/detail/:id"`) and any others. */
  paths?: ResourceRoutes;
  /** The routes the resource renders, with their pages. */
  routes: PageRoute[];
}
