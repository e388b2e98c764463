/**
 * Locale areas that only some pages read, loaded by those pages (useLocaleAreas) rather than with every
 * signed-in page: the results pages of tests, the sign-in step screens, and the security settings (Settings, Manage Company). With the folders of the pages that read each one, so the
 * bundle benchmark counts an area for those pages only.
 */
export const ON_DEMAND_AREAS: Readonly<Record<string, readonly string[]>> = {
  "testing-results": ["src/resources/testing/results/", "src/resources/testing/llm/"],
  "testing-llm": ["src/resources/testing/llm/"],
  "sign-in-steps": ["src/pages/auth/steps/"],
  security: ["src/pages/settings/", "src/resources/manage-company/"],
  sso: ["src/resources/manage-company/"],
  imports: ["src/resources/imports/"],
};
