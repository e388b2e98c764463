import type { Framework, Requirement } from "./types";
import { LIBRARY_VERSION } from "./version";

const KEY = "nyc-ll144";
const SINCE = "2023-07-05";
const G_AUDIT = "Bias audit";
const G_NOTICE = "Notices to candidates and employees";

function r(local: string, ref: string, group: string, title: string, summary: string): Requirement {
  return { id: `${KEY}:${local}`, framework_key: KEY, ref, group, title, summary, applies_from: SINCE };
}

const requirements: Requirement[] = [
  r("bias-audit", "§ 20-871(a)(1)", G_AUDIT, "Annual independent bias audit", "An automated employment decision tool may only be used if an independent auditor has completed a bias audit of it within the past year."),
  r("impact-ratios", "6 RCNY § 5-301", G_AUDIT, "Selection rates and impact ratios", "The audit computes selection (or scoring) rates and impact ratios by sex, by race/ethnicity and by every sex × race/ethnicity combination; small categories may be left out if the exclusion is explained."),
  r("audit-data", "6 RCNY § 5-302", G_AUDIT, "Data used for the audit", "The audit relies on historical data from the tool's use, and may use test data only when historical data is insufficient, saying so in the summary."),
  r("published-summary", "§ 20-871(a)(2)", G_AUDIT, "Publish the audit summary", "Before use, the employer or agency posts a summary of the latest audit results, including its date and the tool's distribution date, on its website."),
  r("candidate-notice", "§ 20-871(b)(1)–(2)", G_NOTICE, "Notice before use", "Candidates and employees living in New York City get at least ten business days' notice that the tool will be used and which job qualifications and characteristics it assesses, and may ask for an alternative process or accommodation."),
  r("data-disclosure", "§ 20-871(b)(3)", G_NOTICE, "Data type, source and retention", "Information on the type and source of data the tool collects and on the data-retention policy is posted or provided on written request."),
];

export const NYC_LL144: Framework = {
  id: KEY,
  key: KEY,
  name: "New York City Local Law 144 of 2021 — Automated Employment Decision Tools",
  short_name: "NYC LL144",
  source_url: "https://www.nyc.gov/site/dca/about/automated-employment-decision-tools.page",
  jurisdiction: "New York City, United States",
  status: "In Effect",
  key_dates: [{ date: SINCE, label: "Enforcement began" }],
  summary:
    "Employers and employment agencies that use an automated employment decision tool to screen candidates or employees for hiring or promotion in New York City must have it bias-audited every year, publish the results and give advance notice to the people assessed.",
  version: LIBRARY_VERSION,
  scope: { high_risk_areas_includes: "employment" },
  scope_note: "Applies when the application is used in employment (the 'employment' high-risk area); the law covers hiring and promotion decisions only.",
  requirements,
};
