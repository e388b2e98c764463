import { lazy } from "react";
import StorefrontOutlined from "@mui/icons-material/StorefrontOutlined";
import { defineResource } from "../define-resource";

export const vendors = defineResource({
  name: "vendors",
  label: "layout.nav.vendors",
  icon: <StorefrontOutlined />,
  access: { menu: "vendors" },
  routes: { list: "/vendors", show: "/vendors/detail/:id" },
  pages: {
    list: lazy(() => import("./VendorListPage")),
    show: lazy(() => import("./VendorDetailPage")),
  },
});
