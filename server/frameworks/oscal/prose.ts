import { fail, list, object, strings, text, token, type Json } from "./checks";

/** A parameter as a statement needs it to be written out. */
export interface Param {
  id: string;
  label?: string;
  values: string[];
  guidelines: string[];
  select?: { howMany?: string; choice: string[] };
}

export type Params = ReadonlyMap<string, Param>;

const INSERT = /\{\{\s*insert:\s*param\s*,\s*([^\s}]+)\s*\}\}/g;
/** Choices may insert parameters that insert parameters: far enough for real catalogs, never a loop. */
const MAX_INSERT_DEPTH = 5;

export function readParam(value: unknown, path: string): Param {
  const param = object(value, path);
  const id = token(param, "id", path, true);
  const guidelines = list(param, "guidelines", path).map(([g, at]) => text(object(g, at), "prose", at, true));
  let select: Param["select"];
  if (param.select !== undefined) {
    const at = `${path}.select`;
    const s = object(param.select, at);
    select = { howMany: text(s, "how-many", at), choice: strings(s, "choice", at) };
  }
  return { id, label: text(param, "label", path), values: strings(param, "values", path), guidelines, select };
}

/** Parameters of a catalog, group or control, added to those of what encloses it; a repeated id is refused. */
export function withParams(outer: Params, holder: Json, path: string): Params {
  const own = list(holder, "params", path);
  if (!own.length) return outer;
  const params = new Map(outer);
  const seen = new Set<string>();
  for (const [value, at] of own) {
    const param = readParam(value, at);
    if (seen.has(param.id)) fail(`${at}.id`, `duplicate parameter id "${param.id}"`);
    seen.add(param.id);
    params.set(param.id, param);
  }
  return params;
}

/**
 * A parameter written the way OSCAL catalogs are printed: its set value, else `[Selection: a; b]` or
 * `[Assignment: label]` (the guideline when there is no label).
 */
function rendered(id: string, params: Params, depth: number): string {
  const param = params.get(id);
  if (!param || depth > MAX_INSERT_DEPTH) return `[Assignment: ${id}]`;
  if (param.values.length) return param.values.join(", ");
  if (param.select) {
    const many = param.select.howMany === "one-or-more" ? " (one or more)" : "";
    return `[Selection${many}: ${param.select.choice.map((c) => substituted(c, params, depth + 1)).join("; ")}]`;
  }
  return `[Assignment: ${param.label ?? (param.guidelines.join(" ") || id)}]`;
}

export function substituted(prose: string, params: Params, depth = 0): string {
  return prose.replace(INSERT, (_, id: string) => rendered(id, params, depth));
}

const MAX_PART_DEPTH = 10;

/** A part's prose, then its sub-parts' (items a., 1., …), each on its own line and indented by its depth. */
export function partText(part: Json, path: string, params: Params, depth = 0): string {
  if (depth > MAX_PART_DEPTH) fail(path, `parts nested deeper than ${MAX_PART_DEPTH} levels`);
  const lines: string[] = [];
  const prose = text(part, "prose", path);
  const label = list(part, "props", path)
    .map(([p, at]) => object(p, at))
    .find((p) => p.name === "label" && p.ns === undefined);
  const head = [typeof label?.value === "string" ? label.value : undefined, prose === undefined ? undefined : substituted(prose, params)].filter(Boolean).join(" ");
  if (head) lines.push(`${"  ".repeat(Math.max(0, depth - 1))}${head}`);
  for (const [child, at] of list(part, "parts", path)) {
    const sub = object(child, at);
    text(sub, "name", at, true);
    const inner = partText(sub, at, params, depth + 1);
    if (inner) lines.push(inner);
  }
  return lines.join("\n");
}
