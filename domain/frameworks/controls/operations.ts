import type { Control } from "../types";
import { HM, HML, co, eu, iso, nist } from "./refs";

/** Vendor, monitoring, feedback and incident controls. */
export const OPERATIONS_CONTROLS: Control[] = [
  {
    id: "C-VEND-01",
    name: "Vendor due diligence and contracts",
    description: "Vendors of models, data and AI services are assessed before use, and contracts allocate responsibilities, data use and intellectual-property terms.",
    guidance:
      "Assess each vendor's security, privacy, responsible-AI practices and documentation; confirm how your data is used and retained (no training on it without agreement), who is responsible for what, incident and change notification duties, and IP warranties. Record the assessment in the vendor record.",
    evidence_expected: ["Vendor assessment", "Contract or terms covering data use, responsibilities and notifications", "Vendor documentation received"],
    tiers: HML,
    requirement_ids: [...iso("A.10.2", "A.10.3"), ...nist("GOVERN-6.1", "MAP-4.1", "MAP-4.2"), ...co("developer-documentation")],
  },
  {
    id: "C-VEND-02",
    name: "Third-party model monitoring and contingency",
    description: "Third-party and pre-trained models and services are monitored for changes and failures, with a contingency plan if they fail or are withdrawn.",
    guidance:
      "Pin and record model versions, subscribe to vendor change notices, re-evaluate after vendor updates, and define what happens if a vendor model degrades, changes terms or becomes unavailable (fallback model, manual process or suspension).",
    evidence_expected: ["Model and version register", "Re-evaluation results after vendor changes", "Contingency plan"],
    tiers: HM,
    requirement_ids: [...iso("A.10.3"), ...nist("GOVERN-6.2", "MANAGE-3.1", "MANAGE-3.2"), ...co("developer-updates")],
  },
  {
    id: "C-MON-01",
    name: "Post-deployment monitoring and change management",
    description: "Performance, drift, fairness and incidents are monitored in production, reviewed on the tier's cadence, and changes go through controlled re-assessment.",
    guidance:
      "Define monitoring metrics and alert thresholds, review them quarterly for high-risk and yearly for medium-risk systems, and check that metrics are still the right ones. Route every material change through re-testing and re-approval, and track improvements over time. Deployers also report problems to the provider.",
    evidence_expected: ["Monitoring plan with metrics and thresholds", "Periodic review records", "Change log with re-assessment outcomes"],
    tiers: HM,
    requirement_ids: [
      ...eu("art-26"),
      ...iso("A.6.2.6"),
      ...nist("GOVERN-1.5", "MEASURE-1.2", "MEASURE-2.4", "MEASURE-4.2", "MEASURE-4.3", "MANAGE-2.2", "MANAGE-4.1", "MANAGE-4.2"),
    ],
  },
  {
    id: "C-FEED-01",
    name: "Stakeholder feedback and concern reporting",
    description: "Users, affected people, staff and domain experts can raise feedback and concerns, which are assessed and fed back into the system.",
    guidance:
      "Offer internal and external channels (including anonymous reporting for staff, protected from reprisal), engage domain experts and affected communities at design and review, triage what comes in, and record the decisions taken on it.",
    evidence_expected: ["Feedback and concern-reporting channels", "Feedback log with triage decisions", "Record of stakeholder consultations"],
    tiers: HM,
    requirement_ids: [
      ...iso("A.3.3", "A.8.3", "A.10.4"),
      ...nist("GOVERN-5.1", "GOVERN-5.2", "MAP-5.2", "MEASURE-3.3", "MEASURE-4.1"),
    ],
  },
  {
    id: "C-INC-01",
    name: "AI incident management",
    description: "AI incidents and serious errors are detected, recorded, handled and communicated to the people affected and, where required, to authorities.",
    guidance:
      "Extend the incident process to AI failures (harmful output, discriminatory outcome, security breach, unexpected behaviour). Define severity levels, who to inform and by when (including serious-incident reports to authorities and notices to the provider), recovery steps and a post-incident review.",
    evidence_expected: ["AI incident procedure with communication plan", "Incident log", "Post-incident reviews"],
    tiers: HM,
    requirement_ids: [...eu("art-26"), ...iso("A.8.4"), ...nist("GOVERN-4.3", "MANAGE-2.3", "MANAGE-4.3")],
  },
];
