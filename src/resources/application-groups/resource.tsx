import { lazy } from "react";
import WorkspacesOutlined from "@mui/icons-material/WorkspacesOutlined";
import { ADMIN_ONLY, HIDDEN_WHEN_REFUSED } from "../admin";
import { defineResource } from "../define-resource";
import { GROUPS_API } from "./api-path";

/** Resource groups of applications, the reach of a role. */
export const applicationGroups = defineResource({
  name: "application-groups",
  api: GROUPS_API,
  label: "layout.nav.applicationGroups",
  icon: <WorkspacesOutlined />,
  parent: "admin",
  access: ADMIN_ONLY,
  whenRefused: HIDDEN_WHEN_REFUSED,
  routes: { list: "/application-groups" },
  pages: { list: lazy(() => import("./GroupListPage")) },
});
