import { lazy } from "react";
import FlagOutlined from "@mui/icons-material/FlagOutlined";
import { ADMIN_ONLY } from "../admin";
import { defineResource } from "../define-resource";

/** The company's feature flags (Administrators): the product's features and flags of their own, by role or share of users. */
export const featureFlags = defineResource({
  name: "feature-flags",
  api: "feature-flags",
  // Its own area's title: the public layout strings stay as they are for the sign-in page.
  label: "feature-flags.title",
  icon: <FlagOutlined />,
  parent: "admin",
  access: ADMIN_ONLY,
  routes: { list: "/feature-flags" },
  pages: { list: lazy(() => import("./FeatureFlagsPage")) },
});
