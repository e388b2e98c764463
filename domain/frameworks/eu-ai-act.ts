import type { Framework, Requirement, RiskTier } from "./types";
import { LIBRARY_VERSION } from "./version";

const KEY = "eu-ai-act";

const G_GENERAL = "Chapter I — General provisions";
const G_PROHIBITED = "Chapter II — Prohibited practices";
const G_CLASSIFICATION = "Chapter III — Classification as high-risk";
const G_ANNEX_III = "Annex III — High-risk areas";
const G_HIGH_RISK = "Chapter III — High-risk obligations";
const G_TRANSPARENCY = "Chapter IV — Transparency obligations";

const D_PROHIBITIONS = "2025-02-02";
const D_TRANSPARENCY = "2026-08-02";
const D_NCII_BAN = "2026-12-02";
const D_ANNEX_III = "2027-12-02";
const D_ANNEX_I = "2028-08-02";

const HIGH: RiskTier[] = ["high"];
/** Everything an application can be once it is not prohibited. */
const NOT_PROHIBITED: RiskTier[] = ["high", "medium", "low"];

function r(
  local: string,
  ref: string,
  group: string,
  title: string,
  summary: string,
  extra: Pick<Requirement, "applies_to_tiers" | "applies_from"> = {},
): Requirement {
  return { id: `${KEY}:${local}`, framework_key: KEY, ref, group, title, summary, ...extra };
}

/** Art. 5 binds every system (none may be prohibited), so no tier limit: screening applies at every tier. */
const prohibition = (letter: string, title: string, summary: string) =>
  r(`art-5-${letter}`, `Art. 5(1)(${letter})`, G_PROHIBITED, title, summary, { applies_from: D_PROHIBITIONS });

const exemption = (letter: string, title: string, summary: string) =>
  r(`art-6-3-${letter}`, `Art. 6(3)(${letter})`, G_CLASSIFICATION, title, `${summary} Never available when the system profiles natural persons.`, {
    applies_to_tiers: NOT_PROHIBITED,
    applies_from: D_ANNEX_III,
  });

const area = (n: number, title: string, summary: string) =>
  r(`annex-iii-${n}`, `Annex III(${n})`, G_ANNEX_III, title, summary, { applies_to_tiers: HIGH, applies_from: D_ANNEX_III });

const obligation = (art: number, title: string, summary: string) =>
  r(`art-${art}`, `Art. ${art}`, G_HIGH_RISK, title, summary, { applies_to_tiers: HIGH, applies_from: D_ANNEX_III });

const requirements: Requirement[] = [
  r("art-4", "Art. 4", G_GENERAL, "AI literacy", "Organisations that build or use AI systems take steps so that the people operating those systems on their behalf understand them well enough for their role and context.", {
    applies_from: D_PROHIBITIONS,
  }),

  prohibition("a", "Manipulative or deceptive techniques", "No AI system may use subliminal, purposefully manipulative or deceptive techniques that materially distort a person's behaviour in a way that causes, or is likely to cause, significant harm."),
  prohibition("b", "Exploiting vulnerabilities", "No AI system may take advantage of vulnerabilities linked to age, disability or a social or economic situation to distort behaviour in a way likely to cause significant harm."),
  prohibition("c", "Social scoring", "No AI system may rate or classify people by social behaviour or personal traits where the resulting score leads to unjustified or disproportionate detrimental treatment, particularly in unrelated contexts."),
  prohibition("d", "Predicting crime from profiling", "No AI system may assess the risk that an individual will commit a crime based solely on profiling or on personality traits, except to support a human assessment grounded in objective, verifiable facts."),
  prohibition("e", "Untargeted facial-image scraping", "No AI system may build or expand facial recognition databases by scraping facial images indiscriminately from the internet or from CCTV footage."),
  prohibition("f", "Emotion recognition at work or in education", "No AI system may infer the emotions of people in the workplace or in educational institutions, unless it is for medical or safety reasons."),
  prohibition("g", "Biometric categorisation of sensitive traits", "No AI system may use biometric data to categorise people by inferred race, political opinions, trade-union membership, religious or philosophical beliefs, sex life or sexual orientation."),
  prohibition("h", "Real-time remote biometric identification in public", "Real-time remote biometric identification in publicly accessible spaces for law-enforcement purposes is banned, save for narrowly defined, authorised situations such as searching for specific victims or preventing an imminent threat."),
  r("art-5-ncii", "Art. 5 (2026 amendment)", G_PROHIBITED, "Generating non-consensual intimate imagery or CSAM", "Added by the 2026 amendment and binding from 2 December 2026: AI systems may not be offered or used to create sexual or intimate depictions of real people without their consent, or child sexual abuse material.", {
    applies_from: D_NCII_BAN,
  }),

  r("art-6-1", "Art. 6(1)", G_CLASSIFICATION, "Safety components of regulated products (Annex I)", "A system is high-risk when it is, or is a safety component of, a product covered by the EU harmonisation laws in Annex I and that product must pass a third-party conformity assessment.", {
    applies_to_tiers: HIGH,
    applies_from: D_ANNEX_I,
  }),
  r("art-6-2", "Art. 6(2)", G_CLASSIFICATION, "Use in an Annex III area", "A system intended for one of the uses listed in Annex III is high-risk, unless an Art. 6(3) exemption is documented.", {
    applies_to_tiers: HIGH,
    applies_from: D_ANNEX_III,
  }),
  exemption("a", "Exemption: narrow procedural task", "An Annex III system need not be high-risk when it only carries out a narrow procedural task and poses no significant risk."),
  exemption("b", "Exemption: improving a completed human activity", "An Annex III system need not be high-risk when it only refines the result of work a human has already completed."),
  exemption("c", "Exemption: detecting decision patterns", "An Annex III system need not be high-risk when it only flags patterns or deviations in earlier human decisions, without replacing or swaying that assessment absent proper human review."),
  exemption("d", "Exemption: preparatory task", "An Annex III system need not be high-risk when it only performs a task preparatory to an assessment relevant to an Annex III use."),
  r("art-6-4", "Art. 6(4)", G_CLASSIFICATION, "Document the non-high-risk assessment and register", "A provider relying on an exemption records its assessment before the system reaches the market, registers the system in the EU database and shows the assessment to authorities on request.", {
    applies_to_tiers: NOT_PROHIBITED,
    applies_from: D_ANNEX_III,
  }),

  area(1, "Biometrics", "Remote biometric identification, biometric categorisation by sensitive attributes and emotion recognition, where the law permits them."),
  area(2, "Critical infrastructure", "Safety components in running critical digital infrastructure, road traffic or the supply of water, gas, heating or electricity."),
  area(3, "Education and vocational training", "Deciding admission, evaluating learning outcomes, assigning education levels or monitoring students during tests."),
  area(4, "Employment and workers management", "Recruiting and selecting candidates, decisions on promotion, termination or task allocation, and monitoring or evaluating workers."),
  area(5, "Essential private and public services and benefits", "Eligibility for public benefits and services, creditworthiness and credit scoring, life and health insurance pricing, and triage of emergency calls."),
  area(6, "Law enforcement", "Uses by or for police authorities such as assessing victim risk, evaluating evidence reliability, recidivism assessment and profiling in investigations."),
  area(7, "Migration, asylum and border control", "Assessing security or health risks of travellers, examining asylum, visa and residence applications, and detecting or identifying people at borders."),
  area(8, "Administration of justice and democratic processes", "Helping judicial authorities research and apply the law to facts, and systems intended to influence elections or voting behaviour."),

  obligation(9, "Risk management system", "Run a documented, iterative risk-management process across the whole life cycle: identify and evaluate foreseeable risks, adopt mitigation measures and test that residual risk is acceptable."),
  obligation(10, "Data and data governance", "Training, validation and test data follow documented governance practices and are relevant, sufficiently representative, as error-free as possible and examined for possible biases."),
  obligation(11, "Technical documentation", "Prepare technical documentation before market placement showing how the system meets the requirements, and keep it up to date."),
  obligation(12, "Record-keeping and logging", "The system automatically records events over its lifetime so that its functioning can be traced and risks and substantial changes identified."),
  obligation(13, "Transparency and information to deployers", "Design the system so deployers can interpret and use its output correctly, and supply instructions for use covering purpose, performance, limitations and oversight."),
  obligation(14, "Human oversight", "Design the system so competent people can oversee it while in use: understand its limits, resist over-reliance, override its output and stop it."),
  obligation(15, "Accuracy, robustness and cybersecurity", "Achieve and declare an appropriate level of accuracy, stay resilient to errors and faults, and resist attempts to manipulate data, model or inputs."),
  obligation(26, "Deployer obligations", "Deployers use the system according to its instructions, assign trained human overseers, check input data, monitor operation, keep logs, inform affected people and workers, and report serious incidents."),
  obligation(27, "Fundamental rights impact assessment", "Public bodies, providers of public services, and deployers assessing credit or life and health insurance assess the impact on fundamental rights before first use and notify the authority of the result."),

  r("art-50", "Art. 50", G_TRANSPARENCY, "Transparency for certain AI systems", "Tell people when they are interacting with an AI system, mark synthetic audio, image, video or text as machine-generated in a machine-readable way, disclose deepfakes, and inform people exposed to emotion recognition or biometric categorisation.", {
    applies_to_tiers: NOT_PROHIBITED,
    applies_from: D_TRANSPARENCY,
  }),
];

export const EU_AI_ACT: Framework = {
  id: KEY,
  key: KEY,
  name: "EU Artificial Intelligence Act (Regulation (EU) 2024/1689, as amended in 2026)",
  short_name: "EU AI Act",
  source_url: "https://eur-lex.europa.eu/eli/reg/2024/1689/oj",
  jurisdiction: "European Union",
  status: "In Effect",
  key_dates: [
    { date: D_PROHIBITIONS, label: "Prohibited practices and AI literacy apply" },
    { date: "2025-08-02", label: "Rules for general-purpose AI models apply" },
    { date: D_TRANSPARENCY, label: "Art. 50 transparency obligations apply" },
    { date: D_NCII_BAN, label: "Ban on generating non-consensual intimate imagery and CSAM applies" },
    { date: D_ANNEX_III, label: "High-risk obligations for Annex III systems apply" },
    { date: D_ANNEX_I, label: "High-risk obligations for Annex I (product) systems apply" },
  ],
  summary:
    "The EU's risk-based law on AI. It bans a short list of practices outright, sets demanding obligations for high-risk systems (Annex I products and Annex III uses), and adds transparency duties for chatbots, synthetic content and deepfakes. It applies in phases; the 2026 amendment postponed the high-risk dates and added a ban on generating non-consensual intimate imagery and CSAM.",
  version: LIBRARY_VERSION,
  scope: { always: true },
  scope_note:
    "Applies to every application: the prohibitions and AI literacy bind all systems, and the tier limits on each requirement narrow the heavier obligations to high-risk systems. An administrator can disable it for organisations with no EU exposure.",
  requirements,
};
