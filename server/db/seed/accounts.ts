/** Every demo user's password (the README's demo sign-ins). */
export const DEMO_PASSWORD = "Steward-Demo-2026";

/** The demo sign-ins listed in the README, all with DEMO_PASSWORD; tests and the README rely on them. */
export const DEMO_ACCOUNTS = [
  { email: "admin@steward.test", firstName: "Ada", lastName: "Admin", roles: "Administrator (company-wide group, type ALL)" },
  { email: "reviewer@steward.test", firstName: "Rene", lastName: "Reviewer", roles: "ApplicationReviewer (ALL)" },
  { email: "approver@steward.test", firstName: "April", lastName: "Approver", roles: "ApplicationApprover (ALL)" },
  { email: "contributor@steward.test", firstName: "Carlos", lastName: "Contributor", roles: 'ApplicationContributor on the group "Customer AI" (SELECTED)' },
  { email: "noroles@steward.test", firstName: "Nora", lastName: "Noroles", roles: "none" },
] as const;
