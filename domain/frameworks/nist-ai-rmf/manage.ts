import { category } from "./helpers";

/** MANAGE: 4 categories, 13 subcategories. */
export const MANAGE = [
  ...category("MANAGE", 1, "Mapped and measured risks are prioritised and treated", [
    ["Go / no-go decision", "A decision is made on whether the system meets its purpose and whether development or deployment should go ahead."],
    ["Prioritising treatment", "Risk treatment is prioritised by impact, likelihood and available resources."],
    ["Responses to high-priority risks", "Responses to high-priority risks (mitigate, transfer, avoid or accept) are planned and documented."],
    ["Residual risk to downstream users", "Remaining negative risks for downstream acquirers and end users are documented."],
  ]),
  ...category("MANAGE", 2, "Strategies to maximise benefit and minimise harm", [
    ["Resources and alternatives", "The resources needed to manage the risks are considered, together with viable non-AI alternatives."],
    ["Sustaining value", "Mechanisms keep deployed systems delivering their intended value."],
    ["Responding to unknown risks", "Procedures are followed to respond to and recover from risks that were not previously identified."],
    ["Disengaging or deactivating", "Mechanisms and owners exist to supersede, disengage or switch off a system that behaves outside its intended use."],
  ]),
  ...category("MANAGE", 3, "Third-party risks and benefits are managed", [
    ["Monitoring third-party resources", "Risks and benefits from third-party resources are monitored regularly and controls are applied and documented."],
    ["Pre-trained models", "Pre-trained models used in development are included in regular monitoring and maintenance."],
  ]),
  ...category("MANAGE", 4, "Treatment, response, recovery and communication are documented and monitored", [
    ["Post-deployment monitoring plan", "A post-deployment plan covers user input, appeal and override, decommissioning, incident response, recovery and change management."],
    ["Continual improvement", "Measurable improvement activities are built into system updates and involve interested parties."],
    ["Communicating incidents", "Incidents and errors are communicated to relevant actors, including affected communities, and handled through documented processes."],
  ]),
];
