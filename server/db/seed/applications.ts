import { eq } from "drizzle-orm";
import { emptyDetails, nextReviewDue, type ApplicationDetails } from "../../../domain/risk";
import type { ApprovalStatus, DevelopmentStatus } from "../../../domain/workflow";
import { newApplicationValues } from "../../applications/store";
import { recordAudit, type Actor } from "../../audit/record";
import type { Db } from "../client";
import { applicationAssessments, applicationComments, applications, resourceGroupResources, resourceGroups, users } from "../schema";

interface DemoApplication {
  name: string;
  description: string;
  owner: string;
  details: Partial<ApplicationDetails>;
  approval: ApprovalStatus;
  development: DevelopmentStatus;
  /** Days ago it was approved; sets the review date from the tier's review cadence (domain/risk). */
  approvedDaysAgo?: number;
  resetReason?: string;
  /** Listed in the "Customer AI" group, so the demo contributor works on it. */
  customerAi?: boolean;
  comments?: Array<[author: string, text: string]>;
}

const internal: Partial<ApplicationDetails> = { intended_users: ["employees"], decisions_about_people: "none", personal_data: "none" };

/** About a dozen applications across every tier and status, so a new user sees a living inventory. */
const DEMO_APPLICATIONS: DemoApplication[] = [
  {
    name: "Policy Q&A assistant",
    description: "Answers staff questions from the internal policy handbook.",
    owner: "carlos",
    details: { purpose: "Answers staff questions about internal policies from the handbook.", ...internal, ai_type: "generative_ai", uses_foundation_model: true, customised_with_own_data: "retrieval", business_criticality: "low", users_informed_of_ai: true, generated_content_shown_to_users: true, human_oversight: "human_on_the_loop" },
    approval: "approved",
    development: "deployed",
    approvedDaysAgo: 40,
    customerAi: true,
    comments: [
      ["carlos", "Retrieval is limited to the published handbook; drafts are excluded."],
      ["rene", "Reviewed the prompt guardrails — fine for internal use."],
    ],
  },
  {
    name: "Meeting notes summariser",
    description: "Summarises recorded internal meetings into action items.",
    owner: "carlos",
    details: { purpose: "Summarises internal meeting transcripts into action items.", ...internal, ai_type: "generative_ai", uses_foundation_model: true, customised_with_own_data: "none", business_criticality: "low" },
    approval: "draft",
    development: "in_development",
    customerAi: true,
  },
  {
    name: "Support chatbot",
    description: "Answers customer questions on the website and hands over to agents.",
    owner: "carlos",
    details: { purpose: "Answers customer questions on the public website.", intended_users: ["customers", "public"], ai_type: "generative_ai", uses_foundation_model: true, customised_with_own_data: "retrieval", business_criticality: "medium", decisions_about_people: "none", personal_data: "personal", data_shared_with_vendor: true, users_informed_of_ai: true, user_consent_obtained: true, generated_content_shown_to_users: true, human_oversight: "human_on_the_loop", internet_facing: true, processes_untrusted_input: true },
    approval: "in_review",
    development: "testing",
    customerAi: true,
    comments: [["rene", "Please add the hand-over rule for complaints before approval."]],
  },
  {
    name: "CV screening ranker",
    description: "Ranks incoming job applications for recruiters.",
    owner: "ada",
    details: { purpose: "Ranks job applications so recruiters read the strongest first.", intended_users: ["employees"], ai_type: "predictive_ml", business_criticality: "high", high_risk_areas: ["employment"], profiles_people: true, decisions_about_people: "supports_human_decision", personal_data: "personal", training_data_representative: "unknown", explanations_available: false, human_oversight: "human_in_the_loop" },
    approval: "approved",
    development: "deployed",
    approvedDaysAgo: 100,
    comments: [["april", "Approved on condition of the quarterly fairness review."]],
  },
  {
    name: "Interview shortlister",
    description: "Shortlists applicants for first-round interviews; its decisions carry a yearly bias audit.",
    owner: "ada",
    details: { purpose: "Shortlists applicants for first-round interviews from their application forms.", intended_users: ["employees"], ai_type: "predictive_ml", business_criticality: "high", high_risk_areas: ["employment"], profiles_people: true, decisions_about_people: "supports_human_decision", personal_data: "personal", training_data_representative: "yes", explanations_available: true, human_oversight: "human_in_the_loop" },
    approval: "approved",
    development: "deployed",
    approvedDaysAgo: 30,
    comments: [["april", "Approved: the bias audit of last quarter's shortlisting is on the Testing tab."]],
  },
  {
    name: "Credit limit scorer",
    description: "Proposes credit limits for new business customers.",
    owner: "ada",
    details: { purpose: "Proposes a credit limit for each new business customer.", intended_users: ["employees"], ai_type: "predictive_ml", business_criticality: "high", high_risk_areas: ["essential_services_and_credit"], profiles_people: true, decisions_about_people: "automated_decision", personal_data: "personal", training_data_representative: "yes", explanations_available: true, human_oversight: "human_on_the_loop" },
    approval: "submitted",
    development: "testing",
  },
  {
    name: "Invoice data extractor",
    description: "Reads supplier invoices and fills the accounts-payable form.",
    owner: "carlos",
    details: { purpose: "Extracts fields from supplier invoices for accounts payable.", ...internal, ai_type: "predictive_ml", business_criticality: "medium", training_data_representative: "yes", human_oversight: "human_in_the_loop" },
    approval: "approved",
    development: "deployed",
    approvedDaysAgo: 200,
    customerAi: true,
  },
  {
    name: "Fraud alert triage",
    description: "Prioritises card-fraud alerts for the investigations team.",
    owner: "ada",
    details: { purpose: "Prioritises card-fraud alerts for investigators.", intended_users: ["employees"], ai_type: "predictive_ml", business_criticality: "high", decisions_about_people: "supports_human_decision", personal_data: "sensitive", training_data_representative: "no", human_oversight: "human_in_the_loop", processes_untrusted_input: true },
    approval: "changes_requested",
    development: "testing",
    comments: [["rene", "Training data under-represents small merchants; please document the mitigation."]],
  },
  {
    name: "Warehouse demand forecast",
    description: "Forecasts weekly stock needs per warehouse.",
    owner: "carlos",
    details: { purpose: "Forecasts weekly stock needs per warehouse.", ...internal, ai_type: "predictive_ml", business_criticality: "medium", human_oversight: "human_on_the_loop" },
    approval: "draft",
    development: "deployed",
    resetReason: "workflow.resetReasons.detailsChangedMaterially",
  },
  {
    name: "Employee emotion monitor",
    description: "Proposed: detects frustration in employees' video calls.",
    owner: "ada",
    details: { purpose: "Detects frustration in employees' video calls.", intended_users: ["employees"], ai_type: "predictive_ml", business_criticality: "medium", prohibited_practices: ["emotion_recognition_work_or_education"], decisions_about_people: "supports_human_decision", personal_data: "sensitive" },
    approval: "rejected",
    development: "idea",
    comments: [["april", "Rejected: emotion recognition at work is a prohibited practice under the EU AI Act."]],
  },
  {
    name: "Marketing copy generator",
    description: "Drafts product descriptions for the web shop.",
    owner: "carlos",
    details: { purpose: "Drafts product descriptions for the web shop.", intended_users: ["employees"], ai_type: "generative_ai", uses_foundation_model: true, business_criticality: "low", decisions_about_people: "none", personal_data: "none", generated_content_shown_to_users: true, output_relied_on_without_review: false, human_oversight: "human_in_the_loop" },
    approval: "submitted",
    development: "in_development",
    customerAi: true,
  },
  {
    name: "Contract clause finder",
    description: "Idea: find risky clauses in supplier contracts.",
    owner: "ada",
    details: { purpose: "Finds risky clauses in supplier contracts." },
    approval: "draft",
    development: "idea",
  },
  {
    name: "Network anomaly detector",
    description: "Flags unusual traffic on the corporate network.",
    owner: "ada",
    details: { purpose: "Flags unusual traffic on the corporate network.", ...internal, ai_type: "predictive_ml", business_criticality: "high", high_risk_areas: ["critical_infrastructure"], human_oversight: "human_in_the_loop", processes_untrusted_input: true },
    approval: "approved",
    development: "deployed",
    // Approved long enough ago that its quarterly review is overdue: it shows on the dashboard and in My Work.
    approvedDaysAgo: 120,
  },
];

const DAY = 86_400_000;

/** Seeds Demo Co's applications, their assessment, comments and the audit of their creation. */
export async function seedApplications(db: Db, companyId: string): Promise<void> {
  const people = await db.select().from(users).where(eq(users.companyId, companyId));
  const byFirstName = (first: string) => people.find((u) => u.firstName.toLowerCase() === first);
  const [customerAi] = await db.select().from(resourceGroups).where(eq(resourceGroups.name, "Customer AI"));
  const system: Actor = { id: null, type: "system", name: "Steward demo data", companyId };
  const now = Date.now();

  for (const demo of DEMO_APPLICATIONS) {
    const owner = byFirstName(demo.owner);
    const values = newApplicationValues({ companyId, name: demo.name, description: demo.description, ownerId: owner?.id, createdBy: owner?.id, details: { ...emptyDetails(), ...demo.details } as ApplicationDetails });
    const approvedAt = demo.approvedDaysAgo === undefined ? null : new Date(now - demo.approvedDaysAgo * DAY);
    const due = approvedAt ? nextReviewDue(values.riskTier, approvedAt) : null;
    const submitter = demo.approval === "draft" ? null : (owner?.id ?? null);
    const [row] = await db
      .insert(applications)
      .values({
        ...values,
        approvalStatus: demo.approval,
        developmentStatus: demo.development,
        submittedBy: submitter,
        approvedAt,
        lastReviewedAt: approvedAt,
        nextReviewDue: due ? due.toISOString().slice(0, 10) : null,
        approvalResetReason: demo.resetReason ?? null,
      })
      .returning();
    await db.insert(applicationAssessments).values({
      companyId,
      applicationId: row.id,
      assessedById: owner?.id ?? null,
      assessedByName: owner ? `${owner.firstName} ${owner.lastName}` : system.name,
      details: row.details,
      riskTier: row.riskTier,
      riskDescriptors: row.riskDescriptors,
      rulesFired: row.rulesFired,
    });
    if (demo.customerAi && customerAi) await db.insert(resourceGroupResources).values({ resourceGroupId: customerAi.id, resourceId: row.id });
    for (const [author, text] of demo.comments ?? []) {
      const person = byFirstName(author);
      await db.insert(applicationComments).values({ companyId, applicationId: row.id, authorId: person?.id ?? null, authorName: person ? `${person.firstName} ${person.lastName}` : system.name, body: text });
    }
    await recordAudit(db, system, { entityType: "application", entityId: row.id, action: "application.created", after: { name: row.name, risk_tier: row.riskTier } });
  }
}
