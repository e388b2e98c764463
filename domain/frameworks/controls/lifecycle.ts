import type { Control } from "../types";
import { H, HM, HML, co, eu, iso, nist, nyc, tx } from "./refs";

/** Risk, impact, data, documentation, logging, testing, robustness and security controls. */
export const LIFECYCLE_CONTROLS: Control[] = [
  {
    id: "C-RISK-01",
    name: "Risk management process",
    description: "Risks of the application are identified, analysed, evaluated and treated in a documented process that runs across its whole life cycle.",
    guidance:
      "Set the risk tolerance for the system, list foreseeable risks to health, safety, rights and the business (including reasonably foreseeable misuse), estimate likelihood and severity, choose treatments and confirm the residual risk is acceptable. Repeat at each release and review.",
    evidence_expected: ["Risk assessment with likelihood, severity and treatment per risk", "Documented risk tolerance", "Residual-risk acceptance"],
    tiers: HM,
    requirement_ids: [...eu("art-9"), ...nist("GOVERN-1.3", "GOVERN-1.4", "MAP-1.5", "MANAGE-1.2", "MANAGE-1.3", "MEASURE-1.1")],
  },
  {
    id: "C-RISK-02",
    name: "Risk register and tracking",
    description: "Identified and newly emerging risks are tracked over time in a register with owners, status and review dates.",
    guidance:
      "Keep a living register per application. Add risks found in testing, monitoring, incidents and feedback; note risks that cannot yet be measured and how they are watched instead. Review it at every monitoring cycle.",
    evidence_expected: ["Risk register with owners and status", "Register review log"],
    tiers: H,
    requirement_ids: [...eu("art-9"), ...nist("GOVERN-4.2", "MAP-5.1", "MEASURE-3.1", "MEASURE-3.2", "MANAGE-2.3")],
  },
  {
    id: "C-RISK-03",
    name: "Benefit case and go/no-go decision",
    description: "The expected benefits, costs and alternatives are weighed, and a documented decision is taken on whether to proceed.",
    guidance:
      "Describe the business goal, expected benefits, the costs of errors (including non-monetary harm), and non-AI alternatives. Record the decision to build, deploy, change or stop, who took it and on what evidence.",
    evidence_expected: ["Business case with benefits, costs and alternatives", "Recorded go/no-go decision"],
    tiers: HM,
    requirement_ids: [...iso("A.6.1.2", "A.9.3"), ...nist("MAP-1.3", "MAP-1.4", "MAP-3.1", "MAP-3.2", "MANAGE-1.1", "MANAGE-2.1")],
  },
  {
    id: "C-IMP-01",
    name: "AI impact assessment",
    description: "The potential effects of the application on individuals, groups and society, including environmental effects, are assessed and recorded.",
    guidance:
      "Use the organisation's impact-assessment template. Identify affected groups, foreseeable harms and benefits, their likelihood and magnitude, and the effect on vulnerable people. For high-risk systems also estimate the energy and compute footprint. Keep the assessment for the retention period and redo it on material change.",
    evidence_expected: ["Completed impact assessment", "Approval of the assessment", "Retention record"],
    tiers: HM,
    requirement_ids: [...iso("A.5.2", "A.5.3", "A.5.4", "A.5.5"), ...nist("MAP-3.2", "MAP-5.1", "MEASURE-2.12")],
  },
  {
    id: "C-IMP-02",
    name: "Fundamental rights impact assessment",
    description: "Before first use of a high-risk system, its impact on fundamental rights is assessed and the result notified to the authority where the law requires.",
    guidance:
      "Describe the process the system supports, the period and frequency of use, the people and groups affected, the specific risks of harm to them, the human oversight in place and the measures if risks materialise. Required for public bodies, providers of public services, and credit and insurance uses; recommended for other high-risk deployments.",
    evidence_expected: ["Completed fundamental rights impact assessment", "Notification to the market surveillance authority (where required)"],
    tiers: H,
    requirement_ids: [...eu("art-27"), ...iso("A.5.4"), ...nist("MAP-5.1")],
  },
  {
    id: "C-DATA-01",
    name: "Data governance and quality",
    description: "Training, validation, test and operational data are governed, fit for purpose, representative and checked for errors and bias.",
    guidance:
      "Document the data requirements, preparation steps (cleaning, labelling, enrichment) and the assumptions behind them. Check relevance, completeness, representativeness of the people the system will affect, and known gaps; record the checks and remediation.",
    evidence_expected: ["Data sheet or data card per dataset", "Data-quality and representativeness check results", "Description of preparation steps"],
    tiers: HM,
    requirement_ids: [...eu("art-10"), ...iso("A.4.3", "A.7.2", "A.7.4", "A.7.6"), ...nist("MAP-2.3")],
  },
  {
    id: "C-DATA-02",
    name: "Data provenance and rights",
    description: "The source, licence and lineage of every dataset are recorded, and the right to use the data for this purpose is confirmed.",
    guidance:
      "For each dataset record where it came from, how it was obtained, the licence or legal basis, consent where relevant, and the transformations applied. Flag third-party and scraped data and intellectual-property concerns for legal review.",
    evidence_expected: ["Dataset provenance records", "Licences, contracts or legal-basis assessment"],
    tiers: H,
    requirement_ids: [...eu("art-10"), ...iso("A.7.3", "A.7.5"), ...nist("MAP-4.1")],
  },
  {
    id: "C-DATA-03",
    name: "Personal data protection",
    description: "Personal data used by the application is minimised, lawfully processed, protected, retained for a defined period and open to access and correction.",
    guidance:
      "Run a data-protection impact assessment where personal data is processed, minimise and pseudonymise where possible, set and publish retention periods, and give people a route to obtain and correct the data used about them.",
    evidence_expected: ["Data-protection impact assessment", "Retention schedule", "Access and correction procedure"],
    tiers: HM,
    requirement_ids: [...eu("art-26"), ...nist("MEASURE-2.10"), ...co("data-correction"), ...nyc("data-disclosure")],
  },
  {
    id: "C-DOC-01",
    name: "Technical documentation",
    description: "A technical file describes the system's design, data, development, testing, performance and controls, kept current and retained.",
    guidance:
      "Maintain one technical file per system covering architecture, models and versions, tools and compute, data, training and evaluation methods, performance and limitations, risk controls and change history. Keep it for the legal retention period and be able to hand it to a regulator or investigator.",
    evidence_expected: ["Technical documentation file (current version)", "Change history", "Documentation retention record"],
    tiers: H,
    requirement_ids: [
      ...eu("art-11"),
      ...iso("A.4.4", "A.4.5", "A.6.2.3", "A.6.2.7"),
      ...nist("MAP-2.1"),
      ...co("developer-documentation", "record-retention"),
      ...tx("ag-investigation"),
    ],
  },
  {
    id: "C-DOC-02",
    name: "Requirements and design specification",
    description: "Functional, performance and responsible-AI requirements are specified before building or materially changing the system.",
    guidance:
      "Write down the requirements gathered from users, affected parties and risk owners, the design decisions and their socio-technical consequences, and the responsible-development objectives they serve. Trace requirements to tests.",
    evidence_expected: ["Requirements specification", "Design decision log", "Requirement-to-test traceability"],
    tiers: H,
    requirement_ids: [...iso("A.6.1.2", "A.6.1.3", "A.6.2.2"), ...nist("MAP-1.6", "MAP-2.1")],
  },
  {
    id: "C-DOC-03",
    name: "Intended use and limitations",
    description: "The intended purpose, users, context, out-of-scope uses and known limitations of the application are stated and followed.",
    guidance:
      "Publish a short statement (or model card) covering what the system is for, who may use it, where it must not be used, known limitations and how its output should be reviewed. Check actual use against it at each review.",
    evidence_expected: ["Intended-use statement or model card", "Review note confirming use matches intent"],
    tiers: HML,
    requirement_ids: [...eu("art-13"), ...iso("A.8.2", "A.9.4"), ...nist("MAP-1.1", "MAP-2.2", "MAP-3.3"), ...co("developer-documentation")],
  },
  {
    id: "C-LOG-01",
    name: "Event logging and records",
    description: "The system logs its inputs, outputs, versions and key events automatically, and the logs and compliance records are retained.",
    guidance:
      "Log enough to trace each output to its inputs, model version and operator: timestamps, request identifiers, reference data used and human interventions. Protect logs from tampering, keep them at least six months (longer where sector rules or record-keeping duties require), and test that they can be retrieved.",
    evidence_expected: ["Logging specification", "Sample log extract", "Retention configuration"],
    tiers: HM,
    requirement_ids: [...eu("art-12", "art-26"), ...iso("A.6.2.8"), ...nist("MEASURE-2.8"), ...co("record-retention")],
  },
  {
    id: "C-TEST-01",
    name: "Verification and validation",
    description: "The system is tested against defined acceptance criteria, in conditions like deployment, before release and after material changes.",
    guidance:
      "Define test sets, metrics and thresholds up front; test on data representative of the deployment population; include people-based evaluations only with appropriate protections. Record results, failures and the release decision, and review whether the test approach itself worked.",
    evidence_expected: ["Test plan with acceptance criteria", "Test report with results per metric", "Release readiness sign-off"],
    tiers: HM,
    requirement_ids: [
      ...eu("art-9", "art-15"),
      ...iso("A.6.2.4", "A.6.2.5"),
      ...nist("MAP-2.3", "MEASURE-1.1", "MEASURE-2.1", "MEASURE-2.2", "MEASURE-2.3", "MEASURE-2.13"),
    ],
  },
  {
    id: "C-ROBUST-01",
    name: "Accuracy, robustness and safe failure",
    description: "Accuracy is measured and declared, the system tolerates errors and unexpected input, and it fails safely.",
    guidance:
      "Declare the accuracy metrics and levels expected in use, test behaviour with noisy, shifted and edge-case inputs, guard against feedback loops, and design fallbacks (abstain, defer to a human, safe default) for low-confidence or failing cases.",
    evidence_expected: ["Declared accuracy metrics and results", "Robustness and stress test results", "Fallback design"],
    tiers: H,
    requirement_ids: [...eu("art-15"), ...iso("A.6.2.4"), ...nist("MEASURE-2.5", "MEASURE-2.6")],
  },
  {
    id: "C-ROBUST-02",
    name: "Generative output safeguards",
    description: "Generated content is grounded, checked for fabrication and harmful content, and cannot steer users toward self-harm or crime.",
    guidance:
      "Ground answers in approved sources where possible, evaluate the rate of unsupported or fabricated statements, filter harmful output, and handle self-harm and crisis topics with safe responses and referrals. Re-run the evaluation whenever the model, prompt or sources change.",
    evidence_expected: ["Hallucination and harmful-content evaluation results", "Guardrail configuration", "Safe-response test cases for crisis topics"],
    tiers: HM,
    requirement_ids: [...eu("art-15"), ...iso("A.6.2.4"), ...nist("MAP-2.2", "MEASURE-2.5", "MEASURE-2.6"), ...tx("no-harmful-manipulation")],
  },
  {
    id: "C-SEC-01",
    name: "AI security testing",
    description: "The application is threat-modelled and tested against AI-specific attacks such as prompt injection, data poisoning, evasion and model or data extraction.",
    guidance:
      "Model threats for every untrusted input and integration, restrict what the system and its tools may do, red-team before release and after major changes, and fix or accept findings through the risk process.",
    evidence_expected: ["Threat model", "Security or red-team test report", "Remediation tracking"],
    tiers: HM,
    requirement_ids: [...eu("art-15"), ...nist("MEASURE-2.7")],
  },
];
