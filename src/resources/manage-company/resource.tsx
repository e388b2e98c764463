import { lazy } from "react";
import ApartmentOutlined from "@mui/icons-material/ApartmentOutlined";
import { ADMIN_ONLY, HIDDEN_WHEN_REFUSED } from "../admin";
import { defineResource } from "../define-resource";
import { COMPANY_API } from "./api-path";

/** The signed-in user's company: a singleton at /v2/company. */
export const manageCompany = defineResource({
  name: "manage-company",
  api: COMPANY_API,
  label: "layout.nav.manageCompany",
  icon: <ApartmentOutlined />,
  parent: "admin",
  access: ADMIN_ONLY,
  whenRefused: HIDDEN_WHEN_REFUSED,
  singleton: true,
  routes: { list: "/manage-company" },
  pages: { list: lazy(() => import("./CompanyPage")) },
});
