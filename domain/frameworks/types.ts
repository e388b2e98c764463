import { z } from "zod";
import { RISK_TIERS } from "../risk/tiers";
import { AI_TYPES, DECISIONS_ABOUT_PEOPLE, HIGH_RISK_AREAS, INTENDED_USERS } from "../risk/questionnaire";

/**
 * Types of the shipped framework library: frameworks, their requirements and the
 * control catalogue that crosswalks to them. Everything here is static reference
 * data plus zod schemas, so the server can validate API payloads and the tests can
 * validate the data itself.
 */

/** The tiers and questionnaire values are the risk model's own: one definition (domain/risk). */
export { RISK_TIERS, type RiskTier } from "../risk/tiers";

const riskTierSchema = z.enum(RISK_TIERS);

/** Status labels exactly as shown in the product. */
export const FRAMEWORK_STATUSES = ["In Effect", "Voluntary", "Passed"] as const;
const frameworkStatusSchema = z.enum(FRAMEWORK_STATUSES);
export type FrameworkStatus = z.infer<typeof frameworkStatusSchema>;

/** Implementation status of one control for one application. */
export const CONTROL_STATUSES = ["not_started", "in_progress", "implemented", "not_applicable"] as const;
const controlStatusSchema = z.enum(CONTROL_STATUSES);
export type ControlStatus = z.infer<typeof controlStatusSchema>;

type HighRiskArea = (typeof HIGH_RISK_AREAS)[number];
type IntendedUser = (typeof INTENDED_USERS)[number];
type AiType = (typeof AI_TYPES)[number];
type DecisionsAboutPeople = (typeof DECISIONS_ABOUT_PEOPLE)[number];
/** Yes/no questions a scope may test (true only when answered yes). */
const SCOPE_FLAGS = [
  "uses_foundation_model",
  "profiles_people",
  "internet_facing",
  "processes_untrusted_input",
  "generated_content_shown_to_users",
  "output_relied_on_without_review",
] as const;
type ScopeFlag = (typeof SCOPE_FLAGS)[number];

/**
 * Declarative applicability rule of a framework over the questionnaire answers.
 * Leaf rules are false when the question is unanswered; `any` / `all` combine.
 */
export type FrameworkScope =
  | { always: true }
  | { high_risk_areas_includes: HighRiskArea }
  | { intended_users_includes: IntendedUser }
  | { decisions_about_people_not: DecisionsAboutPeople }
  | { ai_type_is: AiType }
  | { flag: ScopeFlag }
  | { any: FrameworkScope[] }
  | { all: FrameworkScope[] };

const frameworkScopeSchema: z.ZodType<FrameworkScope> = z.lazy(() =>
  z.union([
    z.strictObject({ always: z.literal(true) }),
    z.strictObject({ high_risk_areas_includes: z.enum(HIGH_RISK_AREAS) }),
    z.strictObject({ intended_users_includes: z.enum(INTENDED_USERS) }),
    z.strictObject({ decisions_about_people_not: z.enum(DECISIONS_ABOUT_PEOPLE) }),
    z.strictObject({ ai_type_is: z.enum(AI_TYPES) }),
    z.strictObject({ flag: z.enum(SCOPE_FLAGS) }),
    z.strictObject({ any: z.array(frameworkScopeSchema).min(1) }),
    z.strictObject({ all: z.array(frameworkScopeSchema).min(1) }),
  ]),
);

const isoDate = z.iso.date();

export const keyDateSchema = z.strictObject({ date: isoDate, label: z.string().min(1) });

const requirementSchema = z.strictObject({
  /** Globally unique: `<framework_key>:<local id>`, e.g. "eu-ai-act:art-9", "iso-42001:A.5.2". */
  id: z.string().regex(/^[a-z0-9-]+:[A-Za-z0-9.-]+$/),
  framework_key: z.string().min(1),
  /** The reference as printed: "Art. 9", "A.5.2", "MAP 1.1". */
  ref: z.string().min(1),
  /** Article / clause / function grouping for display. */
  group: z.string().min(1),
  /** Finer grouping (NIST category such as "MAP 1"; ISO A.6.1 / A.6.2). */
  subgroup: z.string().min(1).optional(),
  subgroup_title: z.string().min(1).optional(),
  title: z.string().min(1).max(120),
  /** Own words, one or two sentences. */
  summary: z.string().min(1).max(420),
  /** Tiers for which the requirement binds; absent means every tier. */
  applies_to_tiers: z.array(riskTierSchema).min(1).optional(),
  /** First day the obligation applies, where the law phases in. */
  applies_from: isoDate.optional(),
});
export type Requirement = z.infer<typeof requirementSchema>;

export const frameworkSchema = z.strictObject({
  /** A stable key doubles as the id (e.g. "eu-ai-act"). */
  id: z.string().regex(/^[a-z0-9-]+$/),
  key: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  short_name: z.string().min(1),
  /** Where the official text is published. */
  source_url: z.url().optional(),
  jurisdiction: z.string().min(1),
  status: frameworkStatusSchema,
  key_dates: z.array(keyDateSchema),
  summary: z.string().min(1),
  /** Library version the content was written for. */
  version: z.string().min(1),
  scope: frameworkScopeSchema,
  /** Why the scope rule is what it is (shown to administrators). */
  scope_note: z.string().min(1),
  requirements: z.array(requirementSchema).min(1),
});
export type Framework = z.infer<typeof frameworkSchema>;

export const controlSchema = z.strictObject({
  id: z.string().regex(/^C-[A-Z]+-\d{2}$/),
  name: z.string().min(1).max(80),
  description: z.string().min(1),
  /** How to implement it. */
  guidance: z.string().min(1),
  evidence_expected: z.array(z.string().min(1)).min(1),
  tiers: z.array(riskTierSchema).min(1),
  /** The crosswalk: requirement ids this control helps satisfy. */
  requirement_ids: z.array(z.string().min(1)).min(1),
});
export type Control = z.infer<typeof controlSchema>;
