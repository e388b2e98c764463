import { category } from "./helpers";

/** MEASURE: 4 categories, 22 subcategories. */
export const MEASURE = [
  ...category("MEASURE", 1, "Suitable methods and metrics are chosen and applied", [
    ["Selecting metrics", "Metrics for the most significant mapped risks are chosen first, and risks left unmeasured are documented."],
    ["Reviewing metrics and controls", "Whether metrics remain fit for purpose and controls remain effective is reviewed regularly, including error reports."],
    ["Independent assessment", "Experts who did not build the system, or external assessors, take part in regular assessments."],
  ]),
  ...category("MEASURE", 2, "Trustworthiness characteristics are evaluated", [
    ["Test documentation", "Test sets, metrics and tools used in evaluation are documented."],
    ["Human-subject evaluations", "Evaluations involving people meet applicable protections and use representative participants."],
    ["Performance under real conditions", "Performance or assurance criteria are measured and shown to hold in conditions like deployment."],
    ["Production monitoring", "The behaviour of the system and its components is monitored once in production."],
    ["Validity and reliability", "The system is shown to be valid and reliable, and limits on generalising its results are documented."],
    ["Safety", "Safety risks are evaluated regularly; residual risk stays within tolerance and the system can fail safely."],
    ["Security and resilience", "Security and resilience are evaluated and the results documented."],
    ["Transparency and accountability", "Risks related to transparency and accountability are examined and documented."],
    ["Explainability", "The model is explained and validated, and its output is interpreted in context."],
    ["Privacy", "Privacy risks of the system are examined and documented."],
    ["Fairness and bias", "Fairness and harmful bias are evaluated and the results documented."],
    ["Environmental impact", "The environmental impact and sustainability of training and running the system are assessed."],
    ["Effectiveness of evaluation", "How well the evaluation metrics and processes themselves work is assessed and documented."],
  ]),
  ...category("MEASURE", 3, "Identified risks are tracked over time", [
    ["Tracking known and emerging risks", "Approaches, people and documentation are in place to keep identifying and tracking existing, unexpected and emerging risks."],
    ["Hard-to-measure risks", "Tracking approaches are considered where current techniques cannot measure a risk well."],
    ["Reporting problems and appeals", "End users and affected communities can report problems and contest outcomes, and those reports feed evaluation."],
  ]),
  ...category("MEASURE", 4, "Feedback on measurement efficacy is gathered", [
    ["Context-informed measurement", "Measurement is tied to the deployment context and shaped by domain experts and end users."],
    ["Validating results with experts", "Measurement results are checked with domain experts and other actors to confirm the system performs as intended."],
    ["Tracking performance change", "Improvements or declines in performance, based on field data and stakeholder input, are identified and documented."],
  ]),
];
