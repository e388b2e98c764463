import { category } from "./helpers";

/** MAP: 5 categories, 18 subcategories. */
export const MAP = [
  ...category("MAP", 1, "Context is established and understood", [
    ["Purpose and context", "Intended purposes, beneficial uses, applicable laws and norms, and the settings where the system will run are understood and written down."],
    ["Interdisciplinary input", "The people setting the context bring a mix of disciplines, skills and demographic perspectives."],
    ["Mission and goals", "How the system serves the organisation's mission and goals is understood and documented."],
    ["Business value", "The business value or purpose of using the system is clearly stated, and revisited when things change."],
    ["Risk tolerance", "The organisation's risk tolerances for the system are determined and documented."],
    ["System requirements", "Requirements are gathered from the relevant people, and design choices take socio-technical effects into account."],
  ]),
  ...category("MAP", 2, "The AI system is categorised", [
    ["Tasks and methods", "The tasks the system performs and the techniques it uses (for example a classifier or a generative model) are defined."],
    ["Knowledge limits and human use", "The system's limits and how humans are expected to use and oversee its output are documented."],
    ["Scientific integrity of testing", "Test, evaluation, verification and validation considerations, such as experiment design and data collection, are identified and documented."],
  ]),
  ...category("MAP", 3, "Capabilities, use, benefits and costs are understood", [
    ["Expected benefits", "The potential benefits of the intended functionality are examined and recorded."],
    ["Expected costs", "Potential costs of errors or untrustworthy behaviour, including non-monetary harms, are examined and recorded."],
    ["Application scope", "The targeted scope of use is set and recorded based on what the system can do and its context."],
    ["Operator proficiency", "How operators and practitioners become and stay proficient with the system is defined and checked."],
    ["Human oversight processes", "The processes for human oversight of the system are defined, assessed and documented."],
  ]),
  ...category("MAP", 4, "Risks and benefits of every component are mapped", [
    ["Component and legal risks", "Approaches to map technical and legal risks of components, including third-party data and software, are in place."],
    ["Internal component controls", "Internal risk controls for each component, including third-party AI technology, are identified and documented."],
  ]),
  ...category("MAP", 5, "Impacts on people, organisations and society are characterised", [
    ["Likelihood and magnitude", "The likelihood and size of each identified impact, good or bad, are estimated and recorded."],
    ["Engagement on impacts", "People and practices are in place to keep engaging relevant actors and to use their feedback on positive, negative and unexpected impacts."],
  ]),
];
