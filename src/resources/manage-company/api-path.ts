/** The company singleton's path under /v2: the definition's `api`; its logo lives under it. */
export const COMPANY_API = "company";
export const COMPANY_RESOURCE = "manage-company";
