import { lazy } from "react";
import HistoryEduOutlined from "@mui/icons-material/HistoryEduOutlined";
import { ADMIN_ONLY } from "../admin";
import { defineResource } from "../define-resource";

/** The company's audit trail (Administrators): filtered, exported, and its hash chain verified. */
export const auditLog = defineResource({
  name: "audit-log",
  api: "audit",
  label: "layout.nav.auditLog",
  icon: <HistoryEduOutlined />,
  parent: "admin",
  access: ADMIN_ONLY,
  routes: { list: "/audit-log" },
  pages: { list: lazy(() => import("./AuditLogPage")) },
});
