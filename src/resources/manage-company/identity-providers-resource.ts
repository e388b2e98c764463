import { ADMIN_ONLY } from "../admin";
import { defineResource } from "../define-resource";

/** The company's corporate identity providers: a list on Manage Company, with no page or menu entry of its own. */
export const identityProviders = defineResource({
  name: "company-identity-providers",
  api: "company/identity-providers",
  label: "security.providers.title",
  parent: "admin",
  access: ADMIN_ONLY,
  hideInMenu: true,
});
export const IDENTITY_PROVIDERS_RESOURCE = "company-identity-providers";
