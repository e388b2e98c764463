import { lazy } from "react";
import AppsOutlined from "@mui/icons-material/AppsOutlined";
import AssignmentOutlined from "@mui/icons-material/AssignmentOutlined";
import AdminPanelSettingsOutlined from "@mui/icons-material/AdminPanelSettingsOutlined";
import ApartmentOutlined from "@mui/icons-material/ApartmentOutlined";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import GavelOutlined from "@mui/icons-material/GavelOutlined";
import GroupOutlined from "@mui/icons-material/GroupOutlined";
import KeyOutlined from "@mui/icons-material/KeyOutlined";
import StorefrontOutlined from "@mui/icons-material/StorefrontOutlined";
import WorkspacesOutlined from "@mui/icons-material/WorkspacesOutlined";
import type { ResourceProps } from "@refinedev/core";
import type { AppResource } from "./types";

const HomePage = lazy(() => import("../pages/home/HomePage"));
const LimitedAccessPage = lazy(() => import("../pages/access/LimitedAccessPage"));
const SettingsPage = lazy(() => import("../pages/settings/SettingsPage"));
const MyWorkPage = lazy(() => import("../pages/my-work/MyWorkPage"));
const ApplicationListPage = lazy(() => import("../pages/applications/list/ApplicationListPage"));
const ApplicationDetailPage = lazy(() => import("../pages/applications/detail/ApplicationDetailPage"));
const ApplicationOverviewPage = lazy(() => import("../pages/applications/overview/ApplicationOverviewPage"));
const VendorListPage = lazy(() => import("../pages/vendors/VendorListPage"));
const VendorDetailPage = lazy(() => import("../pages/vendors/VendorDetailPage"));
const FrameworkListPage = lazy(() => import("../pages/frameworks/FrameworkListPage"));
const FrameworkDetailPage = lazy(() => import("../pages/frameworks/FrameworkDetailPage"));
const ApiClientListPage = lazy(() => import("../pages/admin/api-clients/ApiClientListPage"));
const GroupListPage = lazy(() => import("../pages/admin/groups/GroupListPage"));
const CompanyPage = lazy(() => import("../pages/admin/company/CompanyPage"));
const UserListPage = lazy(() => import("../pages/admin/users/UserListPage"));
const UserEditPage = lazy(() => import("../pages/admin/users/UserEditPage"));

/** The Admin section and its pages are for Administrators only. */
const ADMIN_ONLY = { menu: "admin" } as const;

/**
 * The one list the routes and the menu are generated from. An area's issue adds its
 * resource here; an item whose page does not exist yet is not listed.
 */
export const appResources: AppResource[] = [
  {
    name: "dashboard",
    list: "/dashboard",
    label: "layout.nav.dashboard",
    icon: <DashboardOutlined />,
    access: { menu: "dashboard" },
    routes: [
      { path: "/", page: HomePage },
      { path: "/dashboard", page: HomePage },
    ],
  },
  {
    name: "my-work",
    list: "/my-work",
    label: "layout.nav.myWork",
    icon: <AssignmentOutlined />,
    access: { menu: "my-work" },
    routes: [{ path: "/my-work", page: MyWorkPage }],
  },
  {
    name: "applications",
    list: "/applications",
    show: "/applications/detail/:id",
    label: "layout.nav.applications",
    icon: <AppsOutlined />,
    access: { menu: "applications" },
    routes: [
      { path: "/applications", page: ApplicationListPage },
      { path: "/applications/detail/:applicationId", page: ApplicationDetailPage },
      { path: "/applications/overview/:applicationId", page: ApplicationOverviewPage },
    ],
  },
  {
    name: "vendors",
    list: "/vendors",
    show: "/vendors/detail/:id",
    label: "layout.nav.vendors",
    icon: <StorefrontOutlined />,
    access: { menu: "vendors" },
    routes: [
      { path: "/vendors", page: VendorListPage },
      { path: "/vendors/detail/:vendorId", page: VendorDetailPage },
    ],
  },
  {
    name: "frameworks",
    list: "/frameworks",
    show: "/frameworks/:id",
    label: "layout.nav.frameworks",
    icon: <GavelOutlined />,
    access: { menu: "frameworks" },
    routes: [
      { path: "/frameworks", page: FrameworkListPage },
      { path: "/frameworks/:frameworkId", page: FrameworkDetailPage },
    ],
  },
  {
    // Where a user without roles is sent; open to everyone signed in.
    name: "limited-access",
    list: "/limited-access",
    label: "access.limited.title",
    hideInMenu: true,
    routes: [{ path: "/limited-access", page: LimitedAccessPage }],
  },
  {
    // Your own profile, password and sessions; open to everyone signed in, roles or not.
    name: "settings",
    list: "/settings",
    label: "common.settings",
    hideInMenu: true,
    routes: [{ path: "/settings", page: SettingsPage }],
  },
  { name: "admin", label: "layout.nav.admin", icon: <AdminPanelSettingsOutlined />, access: ADMIN_ONLY, routes: [] },
  {
    name: "api-access",
    list: "/api-access",
    label: "layout.nav.apiAccess",
    icon: <KeyOutlined />,
    parent: "admin",
    access: ADMIN_ONLY,
    routes: [{ path: "/api-access", page: ApiClientListPage }],
  },
  {
    name: "application-groups",
    list: "/application-groups",
    label: "layout.nav.applicationGroups",
    icon: <WorkspacesOutlined />,
    parent: "admin",
    access: ADMIN_ONLY,
    routes: [{ path: "/application-groups", page: GroupListPage }],
  },
  {
    name: "manage-company",
    list: "/manage-company",
    label: "layout.nav.manageCompany",
    icon: <ApartmentOutlined />,
    parent: "admin",
    access: ADMIN_ONLY,
    routes: [{ path: "/manage-company", page: CompanyPage }],
  },
  {
    name: "manage-users",
    list: "/manage-users",
    show: "/manage-users/:id",
    label: "layout.nav.manageUsers",
    icon: <GroupOutlined />,
    parent: "admin",
    access: ADMIN_ONLY,
    routes: [
      { path: "/manage-users", page: UserListPage },
      { path: "/manage-users/:userId", page: UserEditPage },
    ],
  },
];

export function refineResources(resources: AppResource[] = appResources): ResourceProps[] {
  return resources.map((r) => ({
    name: r.name,
    list: r.list,
    show: r.show,
    meta: { label: r.label, icon: r.icon, parent: r.parent, hide: r.hideInMenu },
  }));
}
