import { controlsForRequirement, type Framework, type Requirement } from "../../../domain/frameworks";
import { OSCAL_VERSION, STEWARD_NS } from "./draft";
import { uuidV5 } from "./uuid";

/**
 * A shipped framework as an OSCAL 1.1.2 catalog. Everything is derived from the library itself (no clock, no
 * random ids), so exporting the same library twice gives the same bytes.
 */

export interface OscalProp {
  name: string;
  value: string;
  ns?: string;
  class?: string;
}
interface OscalPart {
  id: string;
  name: string;
  prose: string;
}
export interface OscalControl {
  id: string;
  class: string;
  title: string;
  props: OscalProp[];
  parts: OscalPart[];
}
export interface OscalGroup {
  id: string;
  title: string;
  props?: OscalProp[];
  groups?: OscalGroup[];
  controls?: OscalControl[];
}
export interface OscalCatalog {
  catalog: {
    uuid: string;
    metadata: {
      title: string;
      "last-modified": string;
      version: string;
      "oscal-version": string;
      props: OscalProp[];
      links: { href: string; rel: string; text?: string }[];
      remarks: string;
    };
    groups?: OscalGroup[];
    controls?: OscalControl[];
  };
}

const steward = (name: string, value: string): OscalProp => ({ name, ns: STEWARD_NS, value });

/** An OSCAL token: lowercase letters, digits, `.`, `-`, `_`, starting with a letter or `_`. */
export function oscalToken(text: string): string {
  const token = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9_.-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
  return /^[a-z_]/.test(token) ? token : `_${token}`;
}

/** The library's version (year.month) as the catalog's last-modified instant: the first of that month, UTC. */
export function libraryInstant(version: string): string {
  const match = /^(\d{4})\.(\d{2})$/.exec(version);
  if (!match) throw new Error(`The library version ${version} is not year.month.`);
  return `${match[1]}-${match[2]}-01T00:00:00Z`;
}

/** The requirement's id without its framework's key: "eu-ai-act:art-9" → "art-9". */
export const localId = (framework: Framework, requirement: Requirement) => requirement.id.slice(framework.key.length + 1);

function uniqueIds() {
  const used = new Set<string>();
  return (text: string) => {
    const base = oscalToken(text);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

function control(framework: Framework, requirement: Requirement, index: number, idFor: (text: string) => string): OscalControl {
  const local = localId(framework, requirement);
  const id = idFor(local);
  const props: OscalProp[] = [
    { name: "label", value: local },
    { name: "sort-id", value: String(index + 1).padStart(4, "0") },
    steward("ref", requirement.ref),
    ...(requirement.applies_to_tiers ?? []).map((tier) => steward("applies-to-tier", tier)),
    ...(requirement.applies_from ? [steward("applies-from", requirement.applies_from)] : []),
    // The crosswalk: what an import needs to map the requirement back onto the catalogue controls.
    ...controlsForRequirement(requirement.id).map((c) => steward("mapped-control", c.id)),
  ];
  return { id, class: "requirement", title: requirement.title, props, parts: [{ id: `${id}_smt`, name: "statement", prose: requirement.summary }] };
}

/** The framework's groups (and subgroups, as nested groups), holding its requirements in library order. */
function groupsOf(framework: Framework, idFor: (text: string) => string): OscalGroup[] {
  const groups: OscalGroup[] = [];
  framework.requirements.forEach((requirement, index) => {
    let group = groups.at(-1);
    if (group?.title !== requirement.group) groups.push((group = { id: idFor(requirement.group), title: requirement.group }));
    let holder = group;
    if (requirement.subgroup) {
      let sub = group.groups?.at(-1);
      if (sub?.props?.[0]?.value !== requirement.subgroup) {
        sub = { id: idFor(requirement.subgroup), title: requirement.subgroup_title ?? requirement.subgroup, props: [{ name: "label", value: requirement.subgroup }] };
        (group.groups ??= []).push(sub);
      }
      holder = sub;
    }
    (holder.controls ??= []).push(control(framework, requirement, index, idFor));
  });
  return groups;
}

export function frameworkCatalog(framework: Framework): OscalCatalog {
  const idFor = uniqueIds();
  return {
    catalog: {
      uuid: uuidV5(`steward:framework:${framework.id}`),
      metadata: {
        title: framework.name,
        "last-modified": libraryInstant(framework.version),
        version: framework.version,
        "oscal-version": OSCAL_VERSION,
        props: [
          steward("framework-id", framework.id),
          steward("short-name", framework.short_name),
          steward("status", framework.status),
          steward("jurisdiction", framework.jurisdiction),
        ],
        links: framework.source_url ? [{ href: framework.source_url, rel: "source", text: framework.short_name }] : [],
        remarks: framework.summary,
      },
      groups: groupsOf(framework, idFor),
    },
  };
}

/** The catalog as the file is written: two-space indented JSON and a final newline. */
export const catalogJson = (framework: Framework) => `${JSON.stringify(frameworkCatalog(framework), null, 2)}\n`;
