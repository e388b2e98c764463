import { lazy } from "react";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import type { ResourceProps } from "@refinedev/core";
import type { AppResource } from "./types";

const HomePage = lazy(() => import("../pages/home/HomePage"));

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
    routes: [
      { path: "/", page: HomePage },
      { path: "/dashboard", page: HomePage },
    ],
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
