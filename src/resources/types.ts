import type { ComponentType, LazyExoticComponent, ReactNode } from "react";
import type { Action, MenuKey, SubjectName } from "../../domain/access/abilities";

interface PageRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
}

/**
 * What a resource needs, checked by the access-control provider against domain/access/abilities:
 * a menu entry of MENU_ITEMS, or an action on a subject. Type-only here, so CASL stays out of the sign-in bundle.
 */
export type ResourceAccess = { menu: MenuKey } | { action: Action; subject: SubjectName };

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
  /** Without it, anyone signed in may open the routes; with it, others land on /not-found and the menu hides it. */
  access?: ResourceAccess;
  routes: PageRoute[];
}
