import { lazy } from "react";
import AssignmentOutlined from "@mui/icons-material/AssignmentOutlined";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import { defineResource } from "./define-resource";

/** Areas with a menu entry or an access rule but no API records of their own; their pages stay in src/pages/. */
export const dashboard = defineResource({
  name: "dashboard",
  label: "layout.nav.dashboard",
  icon: <DashboardOutlined />,
  access: { menu: "dashboard" },
  routes: { home: "/", list: "/dashboard" },
  pages: { home: lazy(() => import("../pages/home/HomePage")), list: lazy(() => import("../pages/home/HomePage")) },
});

export const myWork = defineResource({
  name: "my-work",
  label: "layout.nav.myWork",
  icon: <AssignmentOutlined />,
  access: { menu: "my-work" },
  routes: { list: "/my-work" },
  pages: { list: lazy(() => import("../pages/my-work/MyWorkPage")) },
});

/** Where a user without roles is sent; open to everyone signed in. */
export const limitedAccess = defineResource({
  name: "limited-access",
  label: "access.limited.title",
  hideInMenu: true,
  routes: { list: "/limited-access" },
  pages: { list: lazy(() => import("../pages/access/LimitedAccessPage")) },
});

/** Your own profile, password and sessions; open to everyone signed in, roles or not. */
export const settings = defineResource({
  name: "settings",
  label: "common.settings",
  hideInMenu: true,
  routes: { list: "/settings" },
  pages: { list: lazy(() => import("../pages/settings/SettingsPage")) },
});
