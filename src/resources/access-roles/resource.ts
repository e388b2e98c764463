import { defineResource } from "../define-resource";

/** The roles a user or API client may be given (read only); the role pickers list them. No page or menu entry. */
export const accessRoles = defineResource({ name: "access-roles", api: "access/roles", label: "users.fields.roles", hideInMenu: true });
