import AdminPanelSettingsOutlined from "@mui/icons-material/AdminPanelSettingsOutlined";
import { defineResource } from "./define-resource";

/** The Admin section and its pages are for Administrators only. */
export const ADMIN_ONLY = { menu: "admin" } as const;

/** The Admin submenu: no page of its own, the parent of the admin resources. */
export const admin = defineResource({ name: "admin", label: "layout.nav.admin", icon: <AdminPanelSettingsOutlined />, access: ADMIN_ONLY });
