import type { Framework, Requirement } from "./types";
import { LIBRARY_VERSION } from "./version";

/**
 * ISO/IEC 42001:2023 Annex A reference controls. The standard's text is
 * copyrighted: only the control numbers are reproduced; titles and summaries are
 * our own short wording.
 */
const KEY = "iso-42001";

export const ISO_42001_GROUPS = [
  "A.2 Policies related to AI",
  "A.3 Internal organisation",
  "A.4 Resources for AI systems",
  "A.5 Assessing impacts of AI systems",
  "A.6 AI system life cycle",
  "A.7 Data for AI systems",
  "A.8 Information for interested parties",
  "A.9 Use of AI systems",
  "A.10 Third-party and customer relationships",
] as const;

const SUBGROUP_TITLES: Record<string, string> = {
  "A.6.1": "Steering responsible development",
  "A.6.2": "Life-cycle stages",
};

function c(ref: string, title: string, summary: string): Requirement {
  const parts = ref.split(".");
  const group = ISO_42001_GROUPS.find((g) => g.startsWith(`A.${parts[1]} `));
  if (!group) throw new Error(`no Annex A group for ${ref}`);
  const subgroup = ref.startsWith("A.6.") ? parts.slice(0, 3).join(".") : undefined;
  return {
    id: `${KEY}:${ref}`,
    framework_key: KEY,
    ref,
    group,
    ...(subgroup ? { subgroup, subgroup_title: SUBGROUP_TITLES[subgroup] } : {}),
    title,
    summary,
  };
}

const requirements: Requirement[] = [
  c("A.2.2", "Documented AI policy", "Leadership approves and publishes a policy that sets the direction for developing and using AI."),
  c("A.2.3", "Consistency with other policies", "The AI policy is checked against, and linked to, related policies such as security, privacy and quality."),
  c("A.2.4", "Periodic policy review", "The AI policy is reviewed at planned intervals and when circumstances change, and updated where needed."),

  c("A.3.2", "AI roles and responsibilities", "Responsibilities for AI work are defined and assigned so that someone is accountable at each stage."),
  c("A.3.3", "Raising concerns", "People have a way to report concerns about the organisation's AI systems, with protection against reprisal."),

  c("A.4.2", "Inventory of resources", "The resources each AI system relies on are identified and recorded."),
  c("A.4.3", "Data as a resource", "The data used by each AI system is documented as part of its resources."),
  c("A.4.4", "Tools as a resource", "Tools, libraries and frameworks used to build and run each AI system are documented."),
  c("A.4.5", "Computing and system resources", "Computing infrastructure and other system resources an AI system depends on are documented."),
  c("A.4.6", "People and competencies", "The skills and roles needed across the AI life cycle are identified and documented."),

  c("A.5.2", "Impact assessment process", "A defined process assesses potential consequences of AI systems for people and society."),
  c("A.5.3", "Recording impact assessments", "Impact assessment results are documented and kept for a defined period."),
  c("A.5.4", "Impacts on individuals and groups", "Potential effects on individuals and groups, including fairness and rights, are assessed for each system."),
  c("A.5.5", "Impacts on society", "Broader societal effects, including environmental ones, are assessed for each system."),

  c("A.6.1.2", "Responsible development objectives", "Objectives for responsible development are set and built into the development process."),
  c("A.6.1.3", "Responsible design and development process", "The processes used to design and build AI systems are defined and documented."),
  c("A.6.2.2", "Requirements and specification", "Requirements for new systems or material changes are specified and documented."),
  c("A.6.2.3", "Design and development records", "Design and development decisions are documented in line with objectives and requirements."),
  c("A.6.2.4", "Verification and validation", "Verification and validation measures, with acceptance criteria, are defined and carried out."),
  c("A.6.2.5", "Deployment planning", "A deployment plan is documented and requirements are confirmed met before release."),
  c("A.6.2.6", "Operation and monitoring", "What is needed for ongoing operation is defined, including monitoring, repair and updates."),
  c("A.6.2.7", "Technical documentation", "Technical documentation appropriate to each audience (users, partners, authorities) is maintained."),
  c("A.6.2.8", "Event logging", "The life-cycle phases at which event logs are recorded are decided, and logging is enabled at least while in use."),

  c("A.7.2", "Data for development and improvement", "Data-management processes for developing and improving AI systems are defined and documented."),
  c("A.7.3", "Data acquisition", "How data is obtained, and from whom, is determined and documented."),
  c("A.7.4", "Data quality", "Data-quality requirements are defined and the data is checked against them."),
  c("A.7.5", "Data provenance", "The origin and history of data is recorded across the life cycle."),
  c("A.7.6", "Data preparation", "Criteria and methods for preparing and transforming data are defined and documented."),

  c("A.8.2", "Information for users", "Users receive the documentation and information they need about the system."),
  c("A.8.3", "External reporting", "Interested parties have a way to report adverse effects of the system."),
  c("A.8.4", "Incident communication", "A plan exists for communicating AI incidents to users and other affected parties."),
  c("A.8.5", "Obligations to inform", "Obligations to report information about AI systems to interested parties are identified and met."),

  c("A.9.2", "Responsible use processes", "Processes for using AI systems responsibly are defined and documented."),
  c("A.9.3", "Responsible use objectives", "Objectives that guide responsible use of AI are identified and documented."),
  c("A.9.4", "Use as intended", "Systems are used according to their intended use and accompanying documentation."),

  c("A.10.2", "Sharing responsibilities", "Responsibilities are split clearly between the organisation, its partners, suppliers and customers."),
  c("A.10.3", "Suppliers", "Suppliers of AI services, products and data are selected and managed in line with responsible-AI expectations."),
  c("A.10.4", "Customers", "Customer needs and expectations are taken into account in the responsible approach to AI."),
];

export const ISO_42001: Framework = {
  id: KEY,
  key: KEY,
  name: "ISO/IEC 42001:2023 — AI management system",
  short_name: "ISO/IEC 42001",
  source_url: "https://www.iso.org/standard/81230.html",
  jurisdiction: "International",
  status: "Voluntary",
  key_dates: [{ date: "2023-12-18", label: "Standard published" }],
  summary:
    "The international, certifiable standard for an AI management system. Alongside its management-system clauses it lists 38 reference controls in Annex A; this library covers those controls by number with our own short titles.",
  version: LIBRARY_VERSION,
  scope: { always: true },
  scope_note: "Voluntary and organisation-wide: applies to every application once the organisation adopts it.",
  requirements,
};
