/** The company singleton's path under /v2: the definition's `api`, and the path of its reads and writes (no id). */
export const COMPANY_API = "company";
export const COMPANY_PATH = `/${COMPANY_API}`;
