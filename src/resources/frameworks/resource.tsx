import { lazy } from "react";
import GavelOutlined from "@mui/icons-material/GavelOutlined";
import { defineResource } from "../define-resource";

export const frameworks = defineResource({
  name: "frameworks",
  label: "layout.nav.frameworks",
  icon: <GavelOutlined />,
  access: { menu: "frameworks" },
  routes: { list: "/frameworks", show: "/frameworks/:id" },
  pages: {
    list: lazy(() => import("./FrameworkListPage")),
    show: lazy(() => import("./FrameworkDetailPage")),
  },
});
