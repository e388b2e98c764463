import fc from "fast-check";
import type { Schema } from "./operations";

/** Strings a careless server trips over: injections, traversal, control characters, unicode oddities. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0000\u0001\u0002\u001b[31m\u007f",
  "\r\n\r\nX-Injected: 1",
  "' OR '1'='1",
  "'; drop table applications; --",
  "\" or 1=1 --",
  "1; select pg_sleep(0)",
  "%' union select null--",
  "\\",
  "\\x00",
  "$1",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "..\\..\\windows\\win.ini",
  "{\"__proto__\":{\"admin\":true}}",
  "[]",
  "{}",
  "null",
  "NaN",
  "-1",
  "1e309",
  "9999999999999999999999",
  "0x10",
  "true",
  "\ud800",
  "\udfff\ud800",
  "\ufeff\u200b\u200d\u202e",
  "Z\u0351\u0352\u0353\u0354\u0355",
  "🤖👩‍👩‍👧‍👦",
  "ǅ ﬁ ß İ",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "not-a-uuid",
  "2026-13-45",
  "javascript:alert(1)",
  "file:///etc/passwd",
  "http://169.254.169.254/latest/meta-data/",
];

const huge = fc.constantFrom(256, 1_001, 5_000, 70_000).chain((n) => fc.constantFrom("x", "é", "\u0000", "🤖", "'").map((c) => c.repeat(n)));

/** A NUL or other control character slipped into an otherwise ordinary value. */
const withControl = fc
  .tuple(fc.constantFrom("fuzz", "Risk", "name", "a b", ""), fc.constantFrom("\u0000", "\u0001", "\u001f", "\u007f", "\u0000\u0000"), fc.nat(4))
  .map(([text, control, at]) => text.slice(0, at) + control + text.slice(at));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: withControl },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom("\u0000", "\u0008", "\u001f", "\u2028", "\ud83e", "%", "'", "\""), maxLength: 20 }) },
  { weight: 1, arbitrary: huge },
);

/** Any JSON value of the wrong kind: what a confused client puts where a field belongs. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, -(2 ** 53) - 2, 1e308, [], {}, [null], { $ne: null }, { __proto__: { polluted: 1 } }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
);

function firstType(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== "null");
  if (schema.type) return schema.type;
  const alternative = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return alternative?.length ? firstType(alternative[0]) : undefined;
}

/** A plausible value for a schema: the base a hostile body mutates, so the mutation reaches deep validation. */
export function plausible(schema: Schema, depth = 0): unknown {
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative?.length) return plausible(alternative.find((s) => s.type !== "null") ?? alternative[0], depth);
  switch (firstType(schema)) {
    case "string":
      return schema.format === "uuid" ? "00000000-0000-4000-8000-000000000000" : schema.format?.startsWith("date") ? "2026-01-01" : "fuzz";
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    case "array":
      return depth > 3 || !schema.items ? [] : [plausible(schema.items, depth + 1)];
    case "object": {
      if (depth > 3) return {};
      const props = schema.properties ?? {};
      return Object.fromEntries(Object.keys(props).map((k) => [k, plausible(props[k], depth + 1)]));
    }
    default:
      return "fuzz";
  }
}

/** A body broken in one of the ways a hostile caller breaks bodies. */
export function hostileBody(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const base = schema ? plausible(schema) : {};
  const fields = base && typeof base === "object" && !Array.isArray(base) ? Object.keys(base) : [];
  const withField = (key: string, value: unknown) => ({ ...(base as object), [key]: value });
  const arbitraries: fc.Arbitrary<unknown>[] = [
    hostileJson,
    fc.tuple(fc.constantFrom("__proto__", "constructor", "extra", "id", "company_id", "$where", "isAdmin", "\u0000"), hostileJson).map(([k, v]) => withField(k, v)),
    fc.jsonValue({ maxDepth: 2 }).map((v) => ({ deep: Array.from({ length: 200 }).reduce<unknown>((acc) => [acc], v) })),
  ];
  if (fields.length) {
    arbitraries.push(fc.tuple(fc.constantFrom(...fields), hostileJson).map(([k, v]) => withField(k, v)));
    arbitraries.push(fc.tuple(fc.constantFrom(...fields), hostileString).map(([k, v]) => withField(k, v)));
    arbitraries.push(fc.subarray(fields).map((keep) => Object.fromEntries(keep.map((k) => [k, (base as Record<string, unknown>)[k]]))));
  }
  return fc.oneof(...arbitraries);
}
