/**
 * The application details questionnaire, as data. The form renders it, the
 * details schema is built from it and classify() reads the answers it defines:
 * one definition, so the three cannot drift apart.
 */

const QUESTION_TYPES = ["text", "single", "multi", "bool", "vendor"] as const;
type QuestionType = (typeof QUESTION_TYPES)[number];

/** Form sections, in display order. */
export const SECTION_IDS = [
  "purpose",
  "prohibited",
  "high_risk",
  "people_and_data",
  "transparency_and_oversight",
  "security",
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const INTENDED_USERS = ["employees", "customers", "public"] as const;
export const AI_TYPES = ["predictive_ml", "generative_ai", "rules_or_other"] as const;
const CUSTOMISATIONS = ["none", "fine_tuned", "retrieval", "trained_from_scratch"] as const;
/** EU AI Act Art. 5 practices. */
const PROHIBITED_PRACTICES = [
  "subliminal_manipulation",
  "exploits_vulnerabilities",
  "social_scoring",
  "crime_prediction_by_profiling",
  "untargeted_face_scraping",
  "emotion_recognition_work_or_education",
  "sensitive_biometric_categorisation",
  "realtime_public_biometric_id",
  "deceptive_content",
] as const;
/** EU AI Act Annex III areas, plus the Art. 6(1) product-safety component. */
export const HIGH_RISK_AREAS = [
  "biometric_identification",
  "critical_infrastructure",
  "education",
  "employment",
  "essential_services_and_credit",
  "law_enforcement",
  "migration_and_border",
  "justice_and_democracy",
  "product_safety_component",
] as const;
export const DECISIONS_ABOUT_PEOPLE = ["none", "supports_human_decision", "automated_decision"] as const;
export const BUSINESS_CRITICALITIES = ["low", "medium", "high"] as const;
export const PERSONAL_DATA_KINDS = ["none", "personal", "sensitive"] as const;
const HUMAN_OVERSIGHT_KINDS = ["human_in_the_loop", "human_on_the_loop", "none"] as const;
const REPRESENTATIVENESS_ANSWERS = ["yes", "no", "unknown"] as const;

const PURPOSE_MAX_LENGTH = 2000;

/** The shape every question has; `QUESTIONS` below narrows it per question. */
export interface QuestionDefinition {
  readonly id: string;
  readonly type: QuestionType;
  readonly section: SectionId;
  /** Allowed values of a single or multi choice. */
  readonly options?: readonly string[];
  /** Required for a tier: without it the application is "Not assessed". */
  readonly required?: boolean;
  readonly maxLength?: number;
  /** Asked (and allowed an answer) only when another answer equals a value. */
  readonly dependsOn?: { readonly question: string; readonly equals: string | boolean };
}

/** In form order; `section` groups them. */
export const QUESTIONS = [
  { id: "purpose", type: "text", section: "purpose", required: true, maxLength: PURPOSE_MAX_LENGTH },
  { id: "intended_users", type: "multi", section: "purpose", options: INTENDED_USERS, required: true },
  { id: "ai_type", type: "single", section: "purpose", options: AI_TYPES, required: true },
  { id: "uses_foundation_model", type: "bool", section: "purpose" },
  {
    id: "foundation_model_vendor_id",
    type: "vendor",
    section: "purpose",
    dependsOn: { question: "uses_foundation_model", equals: true },
  },
  { id: "customised_with_own_data", type: "single", section: "purpose", options: CUSTOMISATIONS },
  { id: "business_criticality", type: "single", section: "purpose", options: BUSINESS_CRITICALITIES, required: true },
  { id: "prohibited_practices", type: "multi", section: "prohibited", options: PROHIBITED_PRACTICES },
  { id: "high_risk_areas", type: "multi", section: "high_risk", options: HIGH_RISK_AREAS },
  { id: "narrow_task_exemption", type: "bool", section: "high_risk" },
  { id: "profiles_people", type: "bool", section: "people_and_data" },
  {
    id: "decisions_about_people",
    type: "single",
    section: "people_and_data",
    options: DECISIONS_ABOUT_PEOPLE,
    required: true,
  },
  { id: "personal_data", type: "single", section: "people_and_data", options: PERSONAL_DATA_KINDS, required: true },
  { id: "data_shared_with_vendor", type: "bool", section: "people_and_data" },
  {
    id: "training_data_representative",
    type: "single",
    section: "people_and_data",
    options: REPRESENTATIVENESS_ANSWERS,
  },
  { id: "users_informed_of_ai", type: "bool", section: "transparency_and_oversight" },
  { id: "user_consent_obtained", type: "bool", section: "transparency_and_oversight" },
  { id: "explanations_available", type: "bool", section: "transparency_and_oversight" },
  { id: "human_oversight", type: "single", section: "transparency_and_oversight", options: HUMAN_OVERSIGHT_KINDS },
  { id: "generated_content_shown_to_users", type: "bool", section: "transparency_and_oversight" },
  { id: "output_relied_on_without_review", type: "bool", section: "transparency_and_oversight" },
  { id: "internet_facing", type: "bool", section: "security" },
  { id: "processes_untrusted_input", type: "bool", section: "security" },
] as const satisfies readonly QuestionDefinition[];

export type Question = (typeof QUESTIONS)[number];
export type QuestionId = Question["id"];

export const QUESTION_IDS = QUESTIONS.map((q) => q.id) as readonly QuestionId[];

/** The answers the tier rules need before a tier can be given. */
export const REQUIRED_QUESTION_IDS = [
  "purpose",
  "intended_users",
  "ai_type",
  "decisions_about_people",
  "personal_data",
  "business_criticality",
] as const satisfies readonly QuestionId[];
export type RequiredQuestionId = (typeof REQUIRED_QUESTION_IDS)[number];

/**
 * Whether a question is asked given the other answers: the form hides it
 * otherwise, and the details schema refuses an answer to it.
 */
export function isQuestionApplicable(question: QuestionDefinition, answers: Readonly<Record<string, unknown>>): boolean {
  if (!question.dependsOn) return true;
  return answers[question.dependsOn.question] === question.dependsOn.equals;
}

export function questionsInSection(section: SectionId): readonly QuestionDefinition[] {
  return QUESTIONS.filter((q) => q.section === section);
}

// i18n keys by convention (locales/<lng>/risk.json), so the data carries no text.
export const questionLabelKey = (id: QuestionId) => `risk.questions.${id}.label`;
export const questionHelpKey = (id: QuestionId) => `risk.questions.${id}.help`;
export const optionLabelKey = (id: QuestionId, value: string) => `risk.options.${id}.${value}`;
export const sectionLabelKey = (section: SectionId) => `risk.sections.${section}`;
