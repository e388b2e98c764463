import type { ComponentType, LazyExoticComponent, ReactNode } from "react";

export interface PageRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
}

/** One area of the app: its Refine resource (menu, access checks) and the routes it owns. */
export interface AppResource {
  name: string;
  /** The list route, also the menu link. */
  list?: string;
  show?: string;
  /** i18n key of the menu label. */
  label: string;
  icon?: ReactNode;
  /** Menu parent (the Admin submenu). */
  parent?: string;
  hideInMenu?: boolean;
  routes: PageRoute[];
}
