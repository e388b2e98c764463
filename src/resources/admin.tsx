import AdminPanelSettingsOutlined from "@mui/icons-material/AdminPanelSettingsOutlined";
import { defineResource } from "./define-resource";

/** The Admin section and its pages are for Administrators only. */
export const ADMIN_ONLY = { menu: "admin" } as const;

/**
 * The administration pages the product has always had (API access, application groups, users, the company) do not
 * exist for anyone else: they are sent to the not-found page. Newer admin pages say "not authorised" instead.
 */
export const HIDDEN_WHEN_REFUSED = "not-found" as const;

/** The Admin submenu: no page of its own, the parent of the admin resources. */
export const admin = defineResource({ name: "admin", label: "layout.nav.admin", icon: <AdminPanelSettingsOutlined />, access: ADMIN_ONLY });
