import { lazy } from "react";
import GroupOutlined from "@mui/icons-material/GroupOutlined";
import { ADMIN_ONLY, HIDDEN_WHEN_REFUSED } from "../admin";
import { defineResource } from "../define-resource";

/** The company's users; the user pickers read the same resource. */
export const manageUsers = defineResource({
  name: "manage-users",
  api: "access/users",
  label: "layout.nav.manageUsers",
  icon: <GroupOutlined />,
  parent: "admin",
  access: ADMIN_ONLY,
  whenRefused: HIDDEN_WHEN_REFUSED,
  routes: { list: "/manage-users", show: "/manage-users/:id" },
  pages: {
    list: lazy(() => import("./UserListPage")),
    show: lazy(() => import("./UserEditPage")),
  },
});
