import type { Control } from "../types";
import { ALL, EU_ART_5, H, HM, HML, P, TX_PROHIBITIONS, eu, iso, nist, tx } from "./refs";

/** Governance, classification, prohibited-use and literacy controls. */
export const GOVERNANCE_CONTROLS: Control[] = [
  {
    id: "C-GOV-01",
    name: "AI policy",
    description: "An approved organisational AI policy governs this application, is consistent with related policies and is reviewed on a schedule.",
    guidance:
      "Link the application to the current AI policy. Confirm the policy states principles for responsible development and use, names its owner, references the security, privacy and quality policies it depends on, and was reviewed within the last year or after any major change.",
    evidence_expected: ["Approved AI policy (current version)", "Record of the latest policy review", "Mapping of the policy to related policies"],
    tiers: HM,
    requirement_ids: [...iso("A.2.2", "A.2.3", "A.2.4", "A.9.3"), ...nist("GOVERN-1.2", "GOVERN-1.4", "GOVERN-4.1")],
  },
  {
    id: "C-GOV-02",
    name: "AI inventory record",
    description: "The application is recorded in the AI inventory with its owner, purpose, vendors, models, data and risk tier.",
    guidance:
      "Keep the application's record complete and current: purpose, owner, business unit, development status, vendors and foundation models used, data categories and the computed risk tier. Update it on every material change and review it at each monitoring cycle.",
    evidence_expected: ["Inventory entry with owner and purpose", "List of vendors, models and data sources the system depends on"],
    tiers: ALL,
    requirement_ids: [...iso("A.4.2"), ...nist("GOVERN-1.6"), ...tx("ag-investigation")],
  },
  {
    id: "C-GOV-03",
    name: "Accountability and review",
    description: "Named people are accountable for the application, a multidisciplinary group reviews it, and leadership signs off its risks.",
    guidance:
      "Assign an owner, reviewers and an approver who did not submit the application. For high-risk systems involve legal, privacy, security, domain and affected-user perspectives in the review, and record the executive who accepts the residual risk.",
    evidence_expected: ["Role assignments (owner, reviewer, approver)", "Review minutes listing participants and disciplines", "Signed risk acceptance"],
    tiers: HM,
    requirement_ids: [...iso("A.3.2", "A.4.6", "A.10.2"), ...nist("GOVERN-2.1", "GOVERN-2.3", "GOVERN-3.1", "MAP-1.2"), ...eu("art-26")],
  },
  {
    id: "C-GOV-04",
    name: "Applicable-law register",
    description: "The laws, regulations and standards that apply to the application, and the obligations they create, are identified and kept current.",
    guidance:
      "Record the jurisdictions where the system is offered or affects people and list the frameworks that apply, with the reason. Revisit the list when the use, the users or the law changes, and assign an owner for each obligation.",
    evidence_expected: ["Register of applicable laws and frameworks with rationale", "Owner per obligation"],
    tiers: HM,
    requirement_ids: [...nist("GOVERN-1.1", "MAP-1.1"), ...iso("A.8.5")],
  },
  {
    id: "C-GOV-05",
    name: "Decommissioning plan",
    description: "There is a tested way to switch the application off, fall back to a manual or alternative process, and retire it safely.",
    guidance:
      "Define who may disable the system and when (for example on serious incidents or out-of-tolerance results), the fallback process, how data and models are archived or deleted, and how users are told. Exercise the shutdown path at least once.",
    evidence_expected: ["Decommissioning and fallback procedure", "Record of a shutdown test or drill"],
    tiers: H,
    requirement_ids: nist("GOVERN-1.7", "MANAGE-2.4"),
  },
  {
    id: "C-CLASS-01",
    name: "Risk classification",
    description: "The risk questionnaire is completed, the tier is determined, and the use is screened against high-risk areas and regulated-product rules.",
    guidance:
      "Answer every questionnaire item, record which high-risk areas apply (EU Annex III) and whether the system is a safety component of a regulated product (EU Annex I). Re-classify whenever purpose, users or data change.",
    evidence_expected: ["Completed questionnaire and resulting tier with rule reasons", "High-risk area screening record"],
    tiers: ALL,
    requirement_ids: [
      ...eu("art-6-1", "art-6-2", ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `annex-iii-${n}`)),
      ...nist("GOVERN-1.3", "MAP-2.1", "MAP-3.3"),
    ],
  },
  {
    id: "C-CLASS-02",
    name: "High-risk exemption record",
    description: "When an Annex III use is claimed not to be high-risk, the claim is justified, checked for profiling, documented and registered.",
    guidance:
      "State which exemption applies (narrow procedural task, improving a completed human activity, detecting decision patterns, or preparatory task) and why. Confirm the system does not profile people; if it does, the exemption is void. Register the system in the EU database before release and keep the assessment for authorities. Mark not applicable when no Annex III area is involved.",
    evidence_expected: ["Signed exemption assessment naming the ground relied on", "Confirmation that the system does not profile people", "EU database registration reference"],
    tiers: HML,
    requirement_ids: eu("art-6-3-a", "art-6-3-b", "art-6-3-c", "art-6-3-d", "art-6-4"),
  },
  {
    id: "C-PROH-01",
    name: "Prohibited-practice screening",
    description: "The application is screened against the practices banned by the EU AI Act and by Texas TRAIGA, and the result is recorded.",
    guidance:
      "Before development and at each review, check the purpose and features against each banned practice (manipulation, exploiting vulnerabilities, social scoring, crime prediction by profiling, face scraping, emotion recognition at work or school, sensitive biometric categorisation, real-time public biometric identification, intimate-imagery and CSAM generation, and the Texas intent-based bans). Escalate any match to legal.",
    evidence_expected: ["Completed prohibited-practice checklist", "Legal sign-off where any item was close to the line"],
    tiers: ALL,
    requirement_ids: [...EU_ART_5, ...TX_PROHIBITIONS, ...tx("gov-no-social-scoring", "gov-biometric-consent"), ...nist("GOVERN-1.1")],
  },
  {
    id: "C-PROH-02",
    name: "Withdrawal of a prohibited system",
    description: "A system that falls under a prohibited practice is not deployed; if it was, it is withdrawn and access is removed.",
    guidance:
      "Record the decision not to deploy (or to withdraw), disable endpoints and credentials, stop any data collection, and notify affected teams and vendors. Keep the development status out of 'deployed' and retain the record for audit.",
    evidence_expected: ["Documented stop or withdrawal decision with date and approver", "Proof that access and endpoints were disabled", "Notice to affected teams and vendors"],
    tiers: P,
    requirement_ids: [...EU_ART_5, ...TX_PROHIBITIONS, ...nist("MANAGE-1.1", "MANAGE-2.4", "GOVERN-1.7"), ...iso("A.9.4")],
  },
  {
    id: "C-PROH-03",
    name: "Redesign or legal-exception record",
    description: "Either the prohibited feature is removed and the system re-assessed, or the narrow legal exception relied on is documented with its authorisation.",
    guidance:
      "If the system can be redesigned, describe the change, remove the prohibited capability and re-run the classification. If a narrow exception is claimed (for example medical or safety emotion recognition, or authorised law-enforcement biometric identification), record the legal basis, the authorisation and the safeguards, reviewed by legal.",
    evidence_expected: ["Redesign description and new assessment, or legal opinion on the exception", "Authorisation documents where an exception is relied on"],
    tiers: P,
    requirement_ids: [...EU_ART_5, ...TX_PROHIBITIONS, ...nist("MANAGE-1.3")],
  },
  {
    id: "C-PROH-04",
    name: "Abusive content safeguards",
    description: "Generative features cannot be used to produce intimate imagery of real people without consent or child sexual abuse material.",
    guidance:
      "For any system that generates or edits images, video, audio or text: block sexualised depictions of identifiable people and any sexual content involving minors with input and output filters, test the filters adversarially, provide an abuse-reporting route and act on reports quickly. Mark not applicable for non-generative systems.",
    evidence_expected: ["Content-filter configuration and policy", "Adversarial test results for the filters", "Abuse-report handling procedure"],
    tiers: HML,
    requirement_ids: [...eu("art-5-ncii"), ...tx("no-sexual-deepfakes-csam"), ...nist("MEASURE-2.6")],
  },
  {
    id: "C-LIT-01",
    name: "AI literacy and training",
    description: "People who build, operate or rely on the application have training suited to their role, including its limits and risks.",
    guidance:
      "Give everyone working with the system a baseline AI-literacy course, and role-specific training to operators and reviewers (how the system works, known failure modes, over-reliance, escalation). Track completion and refresh it yearly or after major changes.",
    evidence_expected: ["Training material", "Completion records for the people involved"],
    tiers: HML,
    requirement_ids: [...eu("art-4"), ...iso("A.4.6"), ...nist("GOVERN-2.2", "MAP-3.4")],
  },
];
