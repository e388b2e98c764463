/** Every /v2 list that takes `q`, given an application of the caller's company. */
export const searchableLists = (applicationId: string) => [
  "/applications",
  "/vendors",
  "/incidents",
  "/frameworks",
  "/access/users",
  "/access/resource-groups",
  "/access/api-clients",
  "/applications/role-assignments/user",
  `/applications/${applicationId}/documents`,
  `/applications/${applicationId}/comments`,
];

/** Every /v2 list: the searchable ones and those without a search. */
export const allLists = (applicationId: string) => [
  ...searchableLists(applicationId),
  `/applications/${applicationId}/assessments`,
  `/applications/${applicationId}/activity`,
  `/applications/${applicationId}/authorized-users`,
  `/applications/${applicationId}/approval-snapshots`,
  "/audit",
];
