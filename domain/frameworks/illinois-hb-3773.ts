import type { Framework, Requirement } from "./types";
import { LIBRARY_VERSION } from "./version";

const KEY = "illinois-hb-3773";
const SINCE = "2026-01-01";
const GROUP = "Human Rights Act — employment";

function r(local: string, ref: string, title: string, summary: string): Requirement {
  return { id: `${KEY}:${local}`, framework_key: KEY, ref, group: GROUP, title, summary, applies_from: SINCE };
}

const requirements: Requirement[] = [
  r("no-discriminatory-effect", "775 ILCS 5/2-102", "No discriminatory effect", "An employer may not use AI in recruiting, hiring, promotion, training selection, discipline, discharge or other terms of employment in a way that has the effect of discriminating on a protected basis; intent is not required."),
  r("no-zip-code-proxy", "775 ILCS 5/2-102", "No zip codes as a proxy", "An employer may not use zip codes as a stand-in for a protected class in those AI-assisted employment decisions."),
  r("employee-notice", "775 ILCS 5/2-102", "Notice of AI use", "An employer must tell employees and applicants when it uses AI for those employment purposes, following the Department of Human Rights' rules on content, timing and means."),
];

export const ILLINOIS_HB_3773: Framework = {
  id: KEY,
  key: KEY,
  name: "Illinois HB 3773 — AI in employment (amending the Illinois Human Rights Act)",
  short_name: "Illinois HB 3773",
  source_url: "https://www.ilga.gov/legislation/BillStatus.aspx?DocNum=3773&GAID=17&DocTypeID=HB&SessionID=112",
  jurisdiction: "Illinois, United States",
  status: "In Effect",
  key_dates: [{ date: SINCE, label: "In effect" }],
  summary:
    "Makes it a civil-rights violation for an employer to use AI in employment decisions with a discriminatory effect, or to use zip codes as a proxy for protected classes, and requires employers to notify people when AI is used for those decisions.",
  version: LIBRARY_VERSION,
  scope: { high_risk_areas_includes: "employment" },
  scope_note: "Applies when the application is used in employment (the 'employment' high-risk area) by an employer with staff in Illinois.",
  requirements,
};
