import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonicalJson } from "./canonical-json";

describe("canonicalJson", () => {
  it("sorts keys at every depth, writes no whitespace and keeps array order", () => {
    expect(canonicalJson({ b: [3, { z: 1, a: "x" }], a: null, "é": true, A: 1.5 })).toBe('{"A":1.5,"a":null,"b":[3,{"a":"x","z":1}],"é":true}');
  });

  it("sorts keys by UTF-16 code units, as RFC 8785 does", () => {
    // U+1F600 (a surrogate pair starting 0xD83D) sorts before U+FB01 (0xFB01) by code units, after it by code points.
    expect(canonicalJson({ "\uFB01": 1, "\u{1F600}": 2 })).toBe('{"\u{1F600}":2,"\uFB01":1}');
  });

  it("treats what JSON cannot hold as JSON.stringify does", () => {
    const when = new Date("2026-03-01T10:00:00.000Z");
    expect(canonicalJson({ at: when, gone: undefined, list: [undefined, NaN, Infinity, -0] })).toBe('{"at":"2026-03-01T10:00:00.000Z","list":[null,null,null,0]}');
    expect(canonicalJson(undefined)).toBe("null");
  });

  it("gives the same text for a value and for the value read back from its JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(canonicalJson(value));
      }),
      { seed: 19, numRuns: 300 },
    );
  });

  it("parses back to an equal value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { seed: 20, numRuns: 300 },
    );
  });
});
