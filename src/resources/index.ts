import { accessRoles } from "./access-roles/resource";
import { admin } from "./admin";
import { apiAccess } from "./api-access/resource";
import { auditLog } from "./audit-log/resource";
import { dashboard, limitedAccess, myWork, settings } from "./app-pages";
import { featureFlags } from "./feature-flags/resource";
import { applicationGroups } from "./application-groups/resource";
import { applications } from "./applications/resource";
import { frameworks } from "./frameworks/resource";
import { incidents } from "./incidents/resource";
import { identityProviders } from "./manage-company/identity-providers-resource";
import { imports } from "./imports/resource";
import { manageCompany } from "./manage-company/resource";
import { manageUsers } from "./manage-users/resource";
import { notifications } from "./notifications/resource";
import { testing } from "./testing/resource";
import type { AppResource } from "./types";
import { vendors } from "./vendors/resource";

/** Every resource, in menu order: the routes, the menu, the breadcrumbs, the access checks and the API paths come from here. */
export const appResources: AppResource[] = [
  dashboard,
  myWork,
  applications,
  vendors,
  imports,
  incidents,
  testing,
  frameworks,
  limitedAccess,
  settings,
  admin,
  apiAccess,
  applicationGroups,
  manageCompany,
  identityProviders,
  manageUsers,
  auditLog,
  featureFlags,
  accessRoles,
  notifications,
];
