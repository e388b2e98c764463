import { lazy } from "react";
import { defineResource } from "../define-resource";

/** Bulk import of applications or vendors from a spreadsheet: a wizard, opened from their lists. */
export const imports = defineResource({
  name: "imports",
  label: "layout.nav.imports",
  hideInMenu: true,
  access: { action: "create", subject: "Application" },
  routes: { wizard: "/imports/new/:entity" },
  pages: { wizard: lazy(() => import("./ImportWizardPage")) },
});
