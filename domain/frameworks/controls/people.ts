import type { Control } from "../types";
import { H, HM, HML, co, eu, il, iso, nist, nyc, tx } from "./refs";

/** Transparency, human-oversight and fairness controls: what the people affected see and can do. */
export const PEOPLE_CONTROLS: Control[] = [
  {
    id: "C-TRANS-01",
    name: "AI interaction and content disclosure",
    description: "People are told when they are dealing with AI, and AI-generated or manipulated content is labelled and machine-readably marked.",
    guidance:
      "Show a clear notice at the start of any conversational or interactive experience. Mark generated images, audio, video and text with machine-readable provenance (watermark or metadata) and visibly label deepfakes and AI-written public-interest text. Government agencies and health-care providers must disclose AI use before or at the first interaction.",
    evidence_expected: ["Screenshot of the user-facing disclosure", "Content-marking configuration", "Test showing generated output carries the marking"],
    tiers: HML,
    requirement_ids: [...eu("art-50"), ...tx("gov-disclosure", "health-disclosure"), ...iso("A.8.2"), ...nist("MEASURE-2.8")],
  },
  {
    id: "C-TRANS-02",
    name: "Notice before AI-assisted decisions",
    description: "People about whom the system makes or supports a decision are told in advance, including what it assesses and what data it uses.",
    guidance:
      "Send or post the notice before use (NYC: at least ten business days before an automated employment tool is used), in plain language: that AI is used, for which decision, which characteristics it assesses, the data types, sources and retention, how to learn more and how to request an alternative process or accommodation. Inform workers' representatives before workplace use.",
    evidence_expected: ["Notice text and delivery channel", "Delivery records or posting dates", "Data type, source and retention statement"],
    tiers: HM,
    requirement_ids: [
      ...eu("art-26"),
      ...iso("A.8.5"),
      ...nyc("candidate-notice", "data-disclosure"),
      ...co("consumer-notice"),
      ...il("employee-notice"),
    ],
  },
  {
    id: "C-TRANS-03",
    name: "Instructions for use and downstream information",
    description: "Deployers, customers and operators receive instructions for use covering purpose, performance, limitations, residual risks, oversight and updates.",
    guidance:
      "As provider, publish instructions for use and notify customers of material changes. As deployer, obtain the vendor's documentation (intended uses, training-data categories, limitations, human-review instructions) and keep it with the application. Record residual risks passed on to downstream users.",
    evidence_expected: ["Instructions for use or vendor documentation", "Change notices sent or received", "Residual-risk statement for downstream users"],
    tiers: HM,
    requirement_ids: [
      ...eu("art-13"),
      ...iso("A.8.2", "A.10.4"),
      ...nist("MAP-2.2", "MANAGE-1.4"),
      ...co("developer-documentation", "developer-updates"),
    ],
  },
  {
    id: "C-TRANS-04",
    name: "Explanations of outputs and adverse decisions",
    description: "Outputs can be explained to operators, and people who receive an adverse decision get a plain-language explanation of it and of the system's role.",
    guidance:
      "Provide operators with the main factors behind each output. For adverse decisions, send the affected person within 30 days the principal reasons, the system's contribution, the data used and how to correct data or ask for human review.",
    evidence_expected: ["Explanation method and example output", "Adverse-decision explanation template", "Log of explanations sent with dates"],
    tiers: HM,
    requirement_ids: [...eu("art-13"), ...nist("MEASURE-2.9"), ...co("adverse-explanation")],
  },
  {
    id: "C-TRANS-05",
    name: "Public AI transparency statement",
    description: "The organisation publishes what AI systems it uses for which purposes and how it manages their risks, and reports as obligated.",
    guidance:
      "Maintain a public page listing the categories of AI systems in use, their purposes and the safeguards applied, with a contact for questions. Identify and meet any reporting obligations to regulators and other interested parties.",
    evidence_expected: ["Published transparency statement (URL and date)", "Register of reporting obligations and submissions"],
    tiers: H,
    requirement_ids: [...iso("A.8.3", "A.8.5"), ...nist("GOVERN-4.2")],
  },
  {
    id: "C-HUMAN-01",
    name: "Human oversight",
    description: "Competent, authorised people oversee the system in use, understand its limits, can override its output and can stop it.",
    guidance:
      "Choose the oversight model (in the loop or on the loop) matching the risk, name the overseers and give them training, time and authority. Provide override and stop controls, show confidence and limitations in the interface, and warn against automation bias. Check periodically that overrides actually happen.",
    evidence_expected: ["Oversight design and named overseers", "Override and stop procedure", "Override statistics or review sample"],
    tiers: HM,
    requirement_ids: [...eu("art-14", "art-26"), ...iso("A.9.2"), ...nist("GOVERN-3.2", "MAP-3.4", "MAP-3.5")],
  },
  {
    id: "C-HUMAN-02",
    name: "Contest, correction and human review",
    description: "People affected by an output can correct their data, contest the outcome and obtain meaningful human review or an alternative process.",
    guidance:
      "Publish how to request correction, reconsideration or an alternative process; route requests to trained reviewers with authority to change the outcome; track response times and outcomes; and feed findings back into evaluation.",
    evidence_expected: ["Appeal and correction procedure", "Log of requests and outcomes", "Reviewer assignment"],
    tiers: HM,
    requirement_ids: [...co("human-review", "data-correction"), ...nyc("candidate-notice"), ...nist("MEASURE-3.3"), ...iso("A.8.3")],
  },
  {
    id: "C-FAIR-01",
    name: "Bias and fairness testing",
    description: "Outcomes are tested for disparities between protected groups before release and during use, and disparities are addressed.",
    guidance:
      "Measure selection rates, impact ratios (flag below 0.8), demographic-parity and equal-opportunity differences across sex, race/ethnicity, age and other relevant groups, reporting group sizes. Investigate flagged gaps, mitigate or justify them, and repeat after changes and at each review.",
    evidence_expected: ["Fairness test report with group sizes", "Mitigation or justification for flagged disparities"],
    tiers: HM,
    requirement_ids: [
      ...eu("art-10"),
      ...iso("A.5.4", "A.7.4"),
      ...nist("MEASURE-2.11"),
      ...il("no-discriminatory-effect"),
      ...tx("no-unlawful-discrimination"),
      ...co("anti-discrimination"),
    ],
  },
  {
    id: "C-FAIR-02",
    name: "Independent bias audit and published summary",
    description: "An automated employment decision tool has an independent bias audit every year, and a summary of the latest results is published before use.",
    guidance:
      "Engage an auditor independent of the vendor and the users. The audit reports selection or scoring rates and impact ratios by sex, race/ethnicity and their intersections, using historical data (test data only when historical data is insufficient) and explaining any categories under 2% left out. Publish the summary with the audit date and the tool's distribution date, and re-audit within twelve months.",
    evidence_expected: ["Independent auditor's report", "Published summary (URL and date)", "Auditor independence statement"],
    tiers: HM,
    requirement_ids: [
      ...nyc("bias-audit", "impact-ratios", "audit-data", "published-summary"),
      ...il("no-discriminatory-effect"),
      ...nist("MEASURE-1.3"),
    ],
  },
  {
    id: "C-FAIR-03",
    name: "Proxy-variable review",
    description: "Input features are reviewed so that none acts as a stand-in for a protected characteristic, such as zip code for race.",
    guidance:
      "List every input feature, remove zip codes and similar geographic or behavioural proxies from employment decisions, and test remaining features for strong correlation with protected attributes. Record the review and its conclusions.",
    evidence_expected: ["Feature list with proxy assessment", "Correlation analysis results"],
    tiers: HM,
    requirement_ids: [...il("no-zip-code-proxy"), ...eu("art-10"), ...nist("MEASURE-2.11"), ...tx("no-unlawful-discrimination")],
  },
];
