import type { Framework, Requirement } from "./types";
import { LIBRARY_VERSION } from "./version";

/**
 * Colorado SB 26-189 (automated decision-making technology in consequential
 * decisions). It repealed and re-enacted SB 24-205. References are topical, not
 * section numbers: summaries describe the obligations in general terms, and the
 * Attorney General's implementing rules (due before the effective date) add detail.
 */
const KEY = "colorado-sb-26-189";
const EFFECTIVE = "2027-01-01";
const G_DEVELOPER = "Developer duties";
const G_DEPLOYER = "Deployer duties";
const G_CONSUMER = "Consumer rights";
const G_GENERAL = "Records and liability";

function r(local: string, ref: string, group: string, title: string, summary: string): Requirement {
  return { id: `${KEY}:${local}`, framework_key: KEY, ref, group, title, summary, applies_from: EFFECTIVE };
}

const requirements: Requirement[] = [
  r("developer-documentation", "Developer documentation", G_DEVELOPER, "Documentation for deployers", "A developer of a covered technology gives deployers a description of its intended and known inappropriate uses, the categories of training data, known limitations and risks, and instructions for appropriate use, monitoring and human review."),
  r("developer-updates", "Update notices", G_DEVELOPER, "Notice of material changes", "A developer tells its deployers within a reasonable time about material updates or changes to intended use, limitations or risk mitigations."),
  r("consumer-notice", "Point-of-interaction notice", G_DEPLOYER, "Notice before a consequential decision", "Before the technology materially influences a consequential decision about a consumer, the deployer gives clear and conspicuous notice, with a way to learn more."),
  r("adverse-explanation", "Adverse-outcome explanation", G_DEPLOYER, "Explanation of adverse outcomes", "After a decision with an adverse outcome for a consumer, the deployer provides, within 30 days, a plain-language account of the decision and of the technology's role in it."),
  r("data-correction", "Access and correction", G_CONSUMER, "Access to and correction of personal data", "After an adverse outcome, the consumer can obtain the personal data used and have factually incorrect data corrected."),
  r("human-review", "Human review", G_CONSUMER, "Meaningful human review", "After an adverse outcome, the consumer can ask for meaningful human review and reconsideration of the decision, where commercially reasonable."),
  r("record-retention", "Record keeping", G_GENERAL, "Keep compliance records", "Developers and deployers keep the records needed to demonstrate compliance for at least three years."),
  r("anti-discrimination", "Anti-discrimination liability", G_GENERAL, "Discrimination law still applies", "Using the technology does not shield a consequential decision from Colorado anti-discrimination law; liability is shared between developer and deployer according to fault."),
];

export const COLORADO_SB_26_189: Framework = {
  id: KEY,
  key: KEY,
  name: "Colorado SB 26-189 — Automated decision-making technology in consequential decisions",
  short_name: "Colorado SB 26-189",
  source_url: "https://leg.colorado.gov/bills/sb26-189",
  jurisdiction: "Colorado, United States",
  status: "Passed",
  key_dates: [{ date: EFFECTIVE, label: "Takes effect (replaces SB 24-205)" }],
  summary:
    "Replaces Colorado's 2024 AI Act (SB 24-205) with a disclosure-centred regime for automated decision-making technology that materially influences consequential decisions about consumers (education, employment, housing, lending, insurance, health care, essential government services). The earlier mandatory risk-management programme and impact assessments are not carried over. Enforced by the Attorney General.",
  version: LIBRARY_VERSION,
  scope: { decisions_about_people_not: "none" },
  scope_note:
    "Applies when the application makes or supports decisions about people (decisions_about_people is answered and is not 'none'), the closest questionnaire proxy for a consequential decision about a consumer.",
  requirements,
};
