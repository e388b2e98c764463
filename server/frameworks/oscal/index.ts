export { readOscalCatalog, DEFAULT_MAX_CATALOG_BYTES } from "./input";
export { catalogDraft, MAX_CONTROL_DEPTH } from "./read";
export { OscalReadError } from "./checks";
export { catalogJson, frameworkCatalog } from "./write";
export { STEWARD_NS, OSCAL_VERSION, type FrameworkDraft, type DraftRequirement, type DraftGroup, type DraftLink } from "./draft";
