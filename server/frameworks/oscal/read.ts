import { STEWARD_NS, type DraftGroup, type DraftLink, type DraftRequirement, type FrameworkDraft } from "./draft";
import { fail, list, object, text, token, uuid, type Json } from "./checks";
import { partText, withParams, type Params } from "./prose";

/**
 * An OSCAL 1.0 / 1.1 catalog, already parsed, walked once into a framework draft. Whatever breaks the model
 * is refused with the JSON path of the first fault: a missing id or title, a repeated id, nesting too deep.
 */

/** Controls within controls (800-53's enhancements are two levels): more is a hostile or broken file. */
export const MAX_CONTROL_DEPTH = 10;
const MAX_GROUP_DEPTH = 10;

interface Prop {
  name: string;
  value: string;
  ns?: string;
  class?: string;
}

function props(holder: Json, path: string): Prop[] {
  return list(holder, "props", path).map(([value, at]) => {
    const prop = object(value, at);
    return { name: token(prop, "name", at, true), value: text(prop, "value", at, true), ns: text(prop, "ns", at), class: token(prop, "class", at) };
  });
}

function links(holder: Json, path: string): DraftLink[] {
  return list(holder, "links", path).map(([value, at]) => {
    const link = object(value, at);
    const rel = token(link, "rel", at);
    const label = text(link, "text", at);
    return { href: text(link, "href", at, true), ...(rel !== undefined && { rel }), ...(label !== undefined && { text: label }) };
  });
}

/** A prop of OSCAL's own (no namespace, or NIST's): `label`, `sort-id`, `status`. */
const own = (all: Prop[], name: string) => all.find((p) => p.name === name && (p.ns === undefined || p.ns.startsWith("http://csrc.nist.gov/ns/oscal")) && p.class === undefined)?.value;
const ours = (all: Prop[], name: string) => all.filter((p) => p.name === name && p.ns === STEWARD_NS).map((p) => p.value);

class Walk {
  readonly groups: DraftGroup[] = [];
  readonly requirements: DraftRequirement[] = [];
  /** Every OSCAL id (groups and controls share one space) and requirement id, with where it was first seen. */
  private readonly oscalIds = new Map<string, string>();
  private readonly requirementIds = new Map<string, string>();

  private claim(ids: Map<string, string>, id: string, path: string) {
    const first = ids.get(id);
    if (first !== undefined) fail(path, `duplicate id "${id}" (first at ${first})`);
    ids.set(id, path);
  }

  holder(node: Json, path: string, params: Params, group: string | undefined, groupDepth: number) {
    for (const [value, at] of list(node, "groups", path)) this.group(object(value, at), at, params, group, groupDepth + 1);
    for (const [value, at] of list(node, "controls", path)) this.control(object(value, at), at, params, group, undefined, 1);
  }

  private group(node: Json, path: string, outer: Params, parent: string | undefined, depth: number) {
    if (depth > MAX_GROUP_DEPTH) fail(path, `groups nested deeper than ${MAX_GROUP_DEPTH} levels`);
    const id = token(node, "id", path);
    if (id !== undefined) this.claim(this.oscalIds, id, `${path}.id`);
    const title = text(node, "title", path, true);
    const label = own(props(node, path), "label");
    const key = id ?? `group-${this.groups.length + 1}`;
    this.groups.push({ key, title, ...(label !== undefined && { label }), ...(parent !== undefined && { parent }) });
    this.holder(node, path, withParams(outer, node, path), key, depth);
  }

  private control(node: Json, path: string, outer: Params, group: string | undefined, parent: string | undefined, depth: number) {
    if (depth > MAX_CONTROL_DEPTH) fail(path, `controls nested deeper than ${MAX_CONTROL_DEPTH} levels`);
    const oscalId = token(node, "id", path, true);
    this.claim(this.oscalIds, oscalId, `${path}.id`);
    const title = text(node, "title", path, true);
    const klass = token(node, "class", path);
    const all = props(node, path);
    const label = own(all, "label");
    const id = label ?? oscalId;
    this.claim(this.requirementIds, id, label === undefined ? `${path}.id` : `${path}.props[${all.findIndex((p) => p.value === label && p.name === "label")}].value`);
    const params = withParams(outer, node, path);
    let statement = "";
    let guidance: string | undefined;
    for (const [value, at] of list(node, "parts", path)) {
      const part = object(value, at);
      const name = token(part, "name", at, true);
      if (name === "statement") statement = partText(part, at, params);
      else if (name === "guidance") guidance = partText(part, at, params);
    }
    const sortId = own(all, "sort-id");
    const tiers = ours(all, "applies-to-tier");
    const [from] = ours(all, "applies-from");
    const [ref] = ours(all, "ref");
    this.requirements.push({
      id,
      oscal_id: oscalId,
      ref: ref ?? id,
      ...(klass !== undefined && { class: klass }),
      title,
      statement,
      ...(guidance && { guidance }),
      ...(parent !== undefined && { parent }),
      ...(group !== undefined && { group }),
      ...(sortId !== undefined && { sort_id: sortId }),
      withdrawn: own(all, "status")?.toLowerCase() === "withdrawn",
      links: links(node, path),
      control_ids: ours(all, "mapped-control"),
      ...(tiers.length > 0 && { applies_to_tiers: tiers }),
      ...(from !== undefined && { applies_from: from }),
    });
    for (const [value, at] of list(node, "controls", path)) this.control(object(value, at), at, params, group, id, depth + 1);
  }
}

const OSCAL_VERSIONS = /^1\.[01]\.\d+$/;

/** The parsed document (`{ "catalog": … }`) as a framework draft. */
export function catalogDraft(document: unknown): FrameworkDraft {
  const root = object(document, "$");
  if (root.catalog === undefined) fail("$.catalog", "required (this is not an OSCAL catalog)");
  const path = "$.catalog";
  const catalog = object(root.catalog, path);
  const catalogUuid = uuid(catalog, "uuid", path);
  const metaPath = `${path}.metadata`;
  if (catalog.metadata === undefined) fail(metaPath, "required");
  const metadata = object(catalog.metadata, metaPath);
  const title = text(metadata, "title", metaPath, true);
  const lastModified = text(metadata, "last-modified", metaPath, true);
  const version = text(metadata, "version", metaPath, true);
  const oscalVersion = text(metadata, "oscal-version", metaPath, true);
  if (!OSCAL_VERSIONS.test(oscalVersion)) fail(`${metaPath}["oscal-version"]`, `OSCAL ${oscalVersion} is not read: 1.0.x and 1.1.x are`);
  const meta = props(metadata, metaPath);
  const walk = new Walk();
  walk.holder(catalog, path, withParams(new Map(), catalog, path), undefined, 0);
  if (!walk.requirements.length) fail(path, "holds no controls");
  const [frameworkId] = ours(meta, "framework-id");
  const [shortName] = ours(meta, "short-name");
  const [status] = ours(meta, "status");
  const [jurisdiction] = ours(meta, "jurisdiction");
  return {
    uuid: catalogUuid,
    title,
    version,
    oscal_version: oscalVersion,
    last_modified: lastModified,
    ...(frameworkId !== undefined && { framework_id: frameworkId }),
    ...(shortName !== undefined && { short_name: shortName }),
    ...(status !== undefined && { status }),
    ...(jurisdiction !== undefined && { jurisdiction }),
    links: links(metadata, metaPath),
    groups: walk.groups,
    requirements: walk.requirements,
  };
}
