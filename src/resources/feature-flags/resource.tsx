import { lazy } from "react";
import FlagOutlined from "@mui/icons-material/FlagOutlined";
import { ADMIN_ONLY } from "../admin";
import { defineResource } from "../define-resource";

/** The company's feature flags (Administrators): the product's features and flags of their own, by role or share of users. */
export const featureFlags = defineResource({
  name: "feature-flags",
  api: "feature-flags",
  label: "layout.nav.featureFlags",
  icon: <FlagOutlined />,
  parent: "admin",
  access: ADMIN_ONLY,
  routes: { list: "/feature-flags" },
  pages: { list: lazy(() => import("./FeatureFlagsPage")) },
});
