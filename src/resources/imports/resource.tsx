import { lazy } from "react";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import { defineResource } from "../define-resource";

/** Bulk import of applications or vendors from a spreadsheet: a wizard, opened from their lists. */
export const imports = defineResource({
  name: "imports",
  label: "layout.nav.imports",
  icon: <UploadFileOutlined />,
  hideInMenu: true,
  access: { action: "create", subject: "Application" },
  routes: { wizard: "/imports/new/:entity" },
  pages: { wizard: lazy(() => import("./ImportWizardPage")) },
});
