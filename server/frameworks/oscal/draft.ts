/**
 * What an OSCAL catalog reads into: a framework draft that an import can store as a company framework.
 * Kept apart from the shipped library's types on purpose: a catalog may hold what the library never does
 * (nested requirements, withdrawn ones, guidance, links).
 */

/** OSCAL's namespace for the props Steward adds (mapped controls, references, tiers): other tools ignore them. */
export const STEWARD_NS = "https://steward.dev/ns/oscal";
export const OSCAL_VERSION = "1.1.2";

export interface DraftLink {
  href: string;
  rel?: string;
  text?: string;
}

export interface DraftGroup {
  /** The group's OSCAL id, or one made from its place (`group-2.1`) when the catalog gives none. */
  key: string;
  /** The group's `label` prop, where it has one ("MAP 1"). */
  label?: string;
  title: string;
  /** The enclosing group's key. */
  parent?: string;
}

export interface DraftRequirement {
  /** The requirement's own id: its `label` prop when it has one, else its OSCAL id. */
  id: string;
  oscal_id: string;
  /** The reference as printed ("Art. 9"): Steward's `ref` prop, else the label. */
  ref: string;
  class?: string;
  title: string;
  /** The statement part's prose with its items and its parameters written out. */
  statement: string;
  guidance?: string;
  /** The enclosing requirement's id, for a control nested in another. */
  parent?: string;
  /** The key of the group it sits in, however deep. */
  group?: string;
  sort_id?: string;
  withdrawn: boolean;
  links: DraftLink[];
  /** The Steward catalogue controls it maps to (the crosswalk), in the catalog's order. */
  control_ids: string[];
  applies_to_tiers?: string[];
  applies_from?: string;
}

export interface FrameworkDraft {
  uuid: string;
  title: string;
  version: string;
  oscal_version: string;
  last_modified: string;
  /** Steward's own framework id, when the catalog was exported by Steward. */
  framework_id?: string;
  short_name?: string;
  status?: string;
  jurisdiction?: string;
  links: DraftLink[];
  /** Groups in document order, each after its parent. */
  groups: DraftGroup[];
  /** Requirements in document order, each after its parent. */
  requirements: DraftRequirement[];
}
