import { lazy } from "react";
import AppsOutlined from "@mui/icons-material/AppsOutlined";
import { defineResource } from "../define-resource";

export const applications = defineResource({
  name: "applications",
  label: "layout.nav.applications",
  icon: <AppsOutlined />,
  access: { menu: "applications" },
  routes: { list: "/applications", show: "/applications/detail/:id", overview: "/applications/overview/:id" },
  pages: {
    list: lazy(() => import("./list/ApplicationListPage")),
    show: lazy(() => import("./detail/ApplicationDetailPage")),
    overview: lazy(() => import("./overview/ApplicationOverviewPage")),
  },
});
