import type { Framework, Requirement } from "./types";
import { LIBRARY_VERSION } from "./version";

/**
 * Texas Responsible Artificial Intelligence Governance Act (HB 149). References are
 * topical; the prohibitions turn on intent, and several duties bind only
 * government entities or health-care providers, as each summary says.
 */
const KEY = "texas-traiga";
const SINCE = "2026-01-01";
const G_PROHIBITED = "Prohibited uses";
const G_GOVERNMENT = "Government entities";
const G_HEALTH = "Health care";
const G_ENFORCEMENT = "Enforcement";

function r(local: string, ref: string, group: string, title: string, summary: string): Requirement {
  return { id: `${KEY}:${local}`, framework_key: KEY, ref, group, title, summary, applies_from: SINCE };
}

const requirements: Requirement[] = [
  r("no-harmful-manipulation", "Prohibited: manipulation", G_PROHIBITED, "No manipulation toward harm", "No one may develop or deploy AI intended to push people toward self-harm, harming others or criminal activity."),
  r("no-unlawful-discrimination", "Prohibited: discrimination", G_PROHIBITED, "No intentional unlawful discrimination", "No one may develop or deploy AI with the intent to unlawfully discriminate against a protected class; a disparate impact alone does not prove intent."),
  r("no-rights-infringement", "Prohibited: constitutional rights", G_PROHIBITED, "No infringing constitutional rights", "No one may develop or deploy AI with the sole intent of infringing, restricting or impairing a person's federal constitutional rights."),
  r("no-sexual-deepfakes-csam", "Prohibited: sexual content", G_PROHIBITED, "No CSAM or unlawful sexual deepfakes", "No one may develop or distribute AI with the sole intent of producing child sexual abuse material or unlawful sexually explicit deepfakes, or of holding sexual chats while posing as a minor."),
  r("gov-disclosure", "Government disclosure", G_GOVERNMENT, "Disclose AI interaction to consumers", "A government agency tells consumers, clearly and in plain language and before or at the start of the interaction, that they are dealing with an AI system, without dark patterns."),
  r("gov-no-social-scoring", "Government: social scoring", G_GOVERNMENT, "No social scoring by government", "A government entity may not use AI to score people on behaviour or personal traits in a way that leads to detrimental or unjustified treatment."),
  r("gov-biometric-consent", "Government: biometric identification", G_GOVERNMENT, "No covert biometric identification", "A government entity may not use AI to identify a specific person from biometric data gathered without consent where that would infringe the person's rights."),
  r("health-disclosure", "Health-care disclosure", G_HEALTH, "Disclose AI in care", "A provider of health-care services or treatment tells patients (or their representatives) when AI is used in their care, no later than when the service is first provided."),
  r("ag-investigation", "Attorney General review", G_ENFORCEMENT, "Be ready for an Attorney General inquiry", "The Attorney General may demand a description of a system, its purpose, data, outputs, performance metrics, monitoring and safeguards, and must allow a cure period before suing; following a recognised risk framework such as the NIST AI RMF supports a defence."),
];

export const TEXAS_TRAIGA: Framework = {
  id: KEY,
  key: KEY,
  name: "Texas Responsible Artificial Intelligence Governance Act (HB 149)",
  short_name: "Texas TRAIGA",
  source_url: "https://capitol.texas.gov/BillLookup/History.aspx?LegSess=89R&Bill=HB149",
  jurisdiction: "Texas, United States",
  status: "In Effect",
  key_dates: [{ date: SINCE, label: "In effect" }],
  summary:
    "Texas's AI law bans a set of intentionally harmful uses of AI by anyone (manipulation toward harm, intentional unlawful discrimination, infringing constitutional rights, CSAM and sexual deepfakes), requires disclosure of AI use by government agencies and in health care, and restricts government social scoring and biometric identification. Enforcement is by the Attorney General only, with a cure period.",
  version: LIBRARY_VERSION,
  scope: { always: true },
  scope_note:
    "Applies broadly to anyone who develops or deploys AI in Texas or offers AI products or services used by Texas residents, whatever the use case, so it applies to every application. The questionnaire has no jurisdiction question: an administrator disables it for organisations with no Texas exposure; government-only and health-care duties are marked as such.",
  requirements,
};
