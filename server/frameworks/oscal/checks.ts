import { HttpProblem } from "../../plugins/problem";

/**
 * A catalog refused: the JSON path of what is wrong and why, e.g. `$.catalog.groups[2].controls[0].id: required`.
 * A problem of the caller's file, so a 400 wherever it is thrown from a route.
 */
export class OscalReadError extends HttpProblem {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(400, `${path}: ${reason}`, [{ path, message: reason }]);
    this.name = "OscalReadError";
  }
}

export function fail(path: string, reason: string): never {
  throw new OscalReadError(path, reason);
}

export type Json = Record<string, unknown>;

/** OSCAL's token: a letter or `_`, then letters, digits, `.`, `-`, `_`. */
const TOKEN = /^[\p{L}_][\p{L}\p{N}_.-]*$/u;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const member = (path: string, key: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}["${key}"]`);

export function object(value: unknown, path: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(path, "expected an object");
  return value as Json;
}

/** A string member; `undefined` when absent and not required. */
export function text(parent: Json, key: string, path: string, required: true): string;
export function text(parent: Json, key: string, path: string, required?: false): string | undefined;
export function text(parent: Json, key: string, path: string, required = false): string | undefined {
  const value = parent[key];
  const at = member(path, key);
  if (value === undefined) return required ? fail(at, "required") : undefined;
  if (typeof value !== "string") fail(at, "expected a string");
  if (required && value.trim() === "") fail(at, "must not be empty");
  return value;
}

export function token(parent: Json, key: string, path: string, required: true): string;
export function token(parent: Json, key: string, path: string, required?: false): string | undefined;
export function token(parent: Json, key: string, path: string, required = false): string | undefined {
  const value = required ? text(parent, key, path, true) : text(parent, key, path);
  if (value !== undefined && !TOKEN.test(value)) fail(member(path, key), `"${value.slice(0, 80)}" is not an OSCAL token (a letter or _, then letters, digits, . - _)`);
  return value;
}

export function uuid(parent: Json, key: string, path: string): string {
  const value = text(parent, key, path, true);
  if (!UUID.test(value)) fail(member(path, key), "expected a UUID");
  return value.toLowerCase();
}

/** An array member as [item, its path] pairs; none when absent. */
export function list(parent: Json, key: string, path: string): [unknown, string][] {
  const value = parent[key];
  const at = member(path, key);
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(at, "expected an array");
  return value.map((item, i) => [item, `${at}[${i}]`]);
}

export function strings(parent: Json, key: string, path: string): string[] {
  return list(parent, key, path).map(([item, at]) => (typeof item === "string" ? item : fail(at, "expected a string")));
}
