import { category } from "./helpers";

/** GOVERN: 6 categories, 19 subcategories. */
export const GOVERN = [
  ...category("GOVERN", 1, "Risk policies and processes are in place and working", [
    ["Legal and regulatory requirements", "The laws and regulations that bear on the organisation's AI are known, tracked and documented."],
    ["Trustworthiness in policy", "The characteristics of trustworthy AI are written into the organisation's policies, processes and practices."],
    ["Risk-proportionate effort", "There is a way to decide how much risk-management effort a system needs, based on the organisation's risk tolerance."],
    ["Transparent risk-management process", "The risk-management process and its outputs are set by clear policies and controls that reflect organisational priorities."],
    ["Ongoing review", "Monitoring and periodic review of the risk-management process are planned, with owners and a review frequency."],
    ["AI system inventory", "AI systems are inventoried, with effort allocated according to risk priorities."],
    ["Safe decommissioning", "There are processes to retire and phase out AI systems without creating new risk or eroding trust."],
  ]),
  ...category("GOVERN", 2, "Accountability structures are in place", [
    ["Roles and communication lines", "Who does what in mapping, measuring and managing AI risk, and how they communicate, is documented and understood."],
    ["Risk-management training", "Staff and partners are trained to carry out their AI risk duties consistently with policy."],
    ["Executive responsibility", "Senior leadership owns decisions about the risks of developing and deploying AI."],
  ]),
  ...category("GOVERN", 3, "Diverse teams and clear human-AI roles", [
    ["Diverse decision-making", "Decisions across the AI life cycle draw on a team with diverse backgrounds, disciplines and experience."],
    ["Human-AI roles", "Policies define the roles and responsibilities for human-AI configurations and for oversight of AI systems."],
  ]),
  ...category("GOVERN", 4, "A culture that weighs and communicates AI risk", [
    ["Safety-first mindset", "Policies encourage critical thinking and putting safety first throughout design, development and deployment."],
    ["Documenting and sharing impacts", "Teams record the risks and possible impacts of the AI they build or use and communicate them more widely."],
    ["Testing and incident sharing", "Practices support testing, spotting incidents and sharing information about them."],
  ]),
  ...category("GOVERN", 5, "Engagement with relevant AI actors", [
    ["Gathering outside feedback", "Policies make sure feedback from people outside the team about potential impacts is collected, weighed and acted on."],
    ["Feeding feedback into design", "Mechanisms let teams regularly fold reviewed feedback back into system design and implementation."],
  ]),
  ...category("GOVERN", 6, "Third-party and supply-chain risk", [
    ["Third-party risk policies", "Policies cover the risks of third-party software, data and services, including intellectual-property issues."],
    ["Third-party contingency", "Contingency plans exist for failures or incidents in third-party data or AI systems judged high-risk."],
  ]),
];
