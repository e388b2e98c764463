import { lazy } from "react";
import KeyOutlined from "@mui/icons-material/KeyOutlined";
import { ADMIN_ONLY, HIDDEN_WHEN_REFUSED } from "../admin";
import { defineResource } from "../define-resource";

/** API clients (OAuth client credentials). */
export const apiAccess = defineResource({
  name: "api-access",
  api: "access/api-clients",
  label: "layout.nav.apiAccess",
  icon: <KeyOutlined />,
  parent: "admin",
  access: ADMIN_ONLY,
  whenRefused: HIDDEN_WHEN_REFUSED,
  routes: { list: "/api-access" },
  pages: { list: lazy(() => import("./ApiClientListPage")) },
});
