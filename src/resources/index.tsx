import { lazy } from "react";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import type { ResourceProps } from "@refinedev/core";
import type { AppResource } from "./types";

const HomePage = lazy(() => import("../pages/home/HomePage"));
const LimitedAccessPage = lazy(() => import("../pages/access/LimitedAccessPage"));

/**
 * The one list the routes and the menu are generated from. An area's issue adds its
 * resource here; an item whose page does not exist yet is not listed.
 */
export const appResources: AppResource[] = [
  {
    name: "dashboard",
    list: "/dashboard",
    label: "layout.nav.dashboard",
    icon: <DashboardOutlined />,
    access: { menu: "dashboard" },
    routes: [
      { path: "/", page: HomePage },
      { path: "/dashboard", page: HomePage },
    ],
  },
  {
    // Spec §6: where a user without roles is sent; open to everyone signed in.
    name: "limited-access",
    list: "/limited-access",
    label: "access.limited.title",
    hideInMenu: true,
    routes: [{ path: "/limited-access", page: LimitedAccessPage }],
  },
];

export function refineResources(resources: AppResource[] = appResources): ResourceProps[] {
  return resources.map((r) => ({
    name: r.name,
    list: r.list,
    show: r.show,
    meta: { label: r.label, icon: r.icon, parent: r.parent, hide: r.hideInMenu },
  }));
}
