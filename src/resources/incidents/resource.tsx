import { lazy } from "react";
import ReportProblemOutlined from "@mui/icons-material/ReportProblemOutlined";
import { defineResource } from "../define-resource";

export const incidents = defineResource({
  name: "incidents",
  // The menu label lives with the incidents' own strings.
  label: "incidents.nav",
  icon: <ReportProblemOutlined />,
  access: { menu: "incidents" },
  routes: { list: "/incidents", show: "/incidents/detail/:id" },
  pages: {
    list: lazy(() => import("./IncidentListPage")),
    show: lazy(() => import("./IncidentDetailPage")),
  },
  applicationTab: { key: "incidents", label: "incidents.tab.label", page: lazy(() => import("./ApplicationIncidentsTab")) },
});
