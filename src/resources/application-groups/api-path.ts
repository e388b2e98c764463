/** The resource groups' path under /v2: the definition's `api`, and the base of the calls Refine's hooks do not make (a group's applications). */
export const GROUPS_API = "access/resource-groups";
