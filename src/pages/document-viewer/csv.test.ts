import { describe, expect, it } from "vitest";
import { detectDelimiter, parseCsv, splitRows } from "./csv";

describe("the viewer's CSV parser", () => {
  it("splits plain rows, with or without a final line break, CRLF or LF", () => {
    expect(parseCsv("a,b\n1,2\n")).toEqual([["a", "b"], ["1", "2"]]);
    expect(parseCsv("a,b\r\n1,2")).toEqual([["a", "b"], ["1", "2"]]);
  });

  it("keeps delimiters, doubled quotes and line breaks inside quoted fields", () => {
    expect(parseCsv('name,note\n"Smith, Ana","said ""hi""\nand left"\n')).toEqual([
      ["name", "note"],
      ["Smith, Ana", 'said "hi"\nand left'],
    ]);
  });

  it("keeps empty fields and drops a BOM", () => {
    expect(parseCsv("\uFEFFa,,c\n,,\n")).toEqual([["a", "", "c"], ["", "", ""]]);
  });

  it("detects semicolons and tabs, ignoring those inside quotes", () => {
    expect(detectDelimiter("a;b;c\n1;2;3")).toBe(";");
    expect(detectDelimiter("a\tb\n1\t2")).toBe("\t");
    expect(detectDelimiter('"x;y;z",b\n1,2')).toBe(",");
    expect(parseCsv("a;b\n1,5;2\n")).toEqual([["a", "b"], ["1,5", "2"]]);
  });

  it("stops after maxRows", () => {
    expect(splitRows("1\n2\n3\n4\n", ",", 2)).toEqual([["1"], ["2"]]);
  });
});
