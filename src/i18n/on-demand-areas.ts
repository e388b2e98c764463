/**
 * Locale areas that only some pages read, loaded by those pages (useLocaleAreas) rather than with every
 * signed-in page: the results pages of tests, the security settings (Settings, Manage
 * Company), the audit log, the approval history and an application's controls (read on its page only). With the
 * folders of the pages that read each one, so the bundle benchmark counts an area for those pages only.
 */
export const ON_DEMAND_AREAS: Readonly<Record<string, readonly string[]>> = {
  "testing-results": ["src/resources/testing/results/", "src/resources/testing/llm/"],
  "testing-llm": ["src/resources/testing/llm/"],
  security: ["src/pages/settings/", "src/resources/manage-company/"],
  sso: ["src/resources/manage-company/", "src/resources/manage-users/", "src/pages/settings/"],
  audit: ["src/resources/audit-log/"],
  approvals: ["src/resources/applications/approvals/"],
  controls: ["src/resources/applications/detail/", "src/resources/applications/controls/", "src/resources/applications/frameworks-tab/", "src/resources/applications/approvals/"],
  imports: ["src/resources/imports/"],
};
