/**
 * Canonical JSON: one text for one value, whoever writes it, so that a hash of it can be recomputed by anyone
 * holding the value (the server, an export's reader, an auditor's script). The rules are those of RFC 8785 for
 * the values a JSON document can hold: object keys sorted by their UTF-16 code units, no whitespace, strings and
 * numbers written as ECMAScript's JSON.stringify writes them. Values JSON cannot hold are treated as
 * JSON.stringify treats them (toJSON is applied, undefined members are left out, undefined in an array and
 * non-finite numbers are null), so the text of a value equals the text of the value parsed back from its JSON.
 */
export function canonicalJson(value: unknown): string {
  return write(value) ?? "null";
}

// Written with plain loops and string concatenation: verifying a chain canonicalises every entry it holds.
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "object":
      if (value === null) return "null";
      if (typeof (value as { toJSON?: unknown }).toJSON === "function") return write((value as { toJSON(): unknown }).toJSON());
      return Array.isArray(value) ? writeArray(value) : writeObject(value as Record<string, unknown>);
    case "bigint":
      throw new TypeError("canonicalJson: a bigint has no JSON form");
    default:
      // undefined, functions and symbols have no JSON form: left out of objects, null in arrays.
      return undefined;
  }
}

function writeArray(array: readonly unknown[]): string {
  let text = "[";
  for (let i = 0; i < array.length; i++) text += (i === 0 ? "" : ",") + (write(array[i]) ?? "null");
  return text + "]";
}

function writeObject(object: Record<string, unknown>): string {
  // The default sort compares UTF-16 code units, as RFC 8785 asks.
  const keys = Object.keys(object);
  if (keys.length > 1) keys.sort();
  let text = "{";
  let first = true;
  for (const key of keys) {
    const member = write(object[key]);
    if (member === undefined) continue;
    text += (first ? "" : ",") + JSON.stringify(key) + ":" + member;
    first = false;
  }
  return text + "}";
}
