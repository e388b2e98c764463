/**
 * Canonical JSON: one text for one value, whoever writes it, so that a hash of it can be recomputed by anyone
 * holding the value (the server, an export's reader, an auditor's script). The rules are those of RFC 8785 for
 * the values a JSON document can hold: object keys sorted by their UTF-16 code units, no whitespace, strings and
 * numbers written as ECMAScript's JSON.stringify writes them. Values JSON cannot hold are treated as
 * JSON.stringify treats them (toJSON is applied, undefined members are left out, undefined in an array and
 * non-finite numbers are null), so the text of a value equals the text of the value parsed back from its JSON.
 */
export function canonicalJson(value: unknown): string {
  const text = write(value);
  return text === undefined ? "null" : text;
}

function write(value: unknown): string | undefined {
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    return write((value as { toJSON(): unknown }).toJSON());
  }
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? JSON.stringify(value) : "null";
    case "bigint":
      throw new TypeError("canonicalJson: a bigint has no JSON form");
    case "object":
      if (Array.isArray(value)) return `[${value.map((item) => write(item) ?? "null").join(",")}]`;
      return writeObject(value as Record<string, unknown>);
    default:
      // undefined, functions and symbols have no JSON form: left out of objects, null in arrays.
      return undefined;
  }
}

function writeObject(object: Record<string, unknown>): string {
  const members: string[] = [];
  // The default sort compares UTF-16 code units, as RFC 8785 asks.
  for (const key of Object.keys(object).sort()) {
    const text = write(object[key]);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(",")}}`;
}
