import { describe, expect, it } from "vitest";
import { bufferSource, sniffDocument, zipEntryNames } from "./documents";
import { EXE, oleWith, SAMPLES, zipOf } from "./test-support";

const sniff = (bytes: Buffer | string) => sniffDocument(bufferSource(typeof bytes === "string" ? Buffer.from(bytes) : bytes));

describe("sniffDocument", () => {
  it.each(Object.entries(SAMPLES))("recognises %s by its bytes", async (_kind, sample) => {
    expect(await sniff(sample.bytes)).toBe(sample.type);
  });

  it("refuses executables, whatever they are called", async () => {
    expect(await sniff(EXE)).toBeNull();
    expect(await sniff(Buffer.concat([Buffer.from([0x7f]), Buffer.from("ELF"), Buffer.alloc(60)]))).toBeNull();
  });

  it("tells Word from other OLE2 files (.xls, .ppt)", async () => {
    expect(await sniff(oleWith("Workbook"))).toBeNull();
    expect(await sniff(oleWith("PowerPoint Document"))).toBeNull();
  });

  it("finds the Word stream name even across the 1 MB read chunks", async () => {
    const ole = oleWith("Nothing");
    const name = Buffer.from("WordDocument", "utf16le");
    const big = Buffer.concat([ole, Buffer.alloc(1024 * 1024 - ole.length - 6), name]);
    expect(await sniff(big)).toBe(SAMPLES.doc.type);
  });

  it("needs an Office ZIP: [Content_Types].xml and a word/ or xl/ part", async () => {
    expect(await sniff(zipOf({ "readme.txt": "hello" }))).toBeNull();
    expect(await sniff(zipOf({ "[Content_Types].xml": "<Types/>", "ppt/presentation.xml": "<p/>" }))).toBeNull();
    expect(await sniff(zipOf({ "word/document.xml": "<w/>" }))).toBeNull();
    // A ZIP signature with no central directory (truncated, or not really a ZIP).
    expect(await sniff(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]))).toBeNull();
  });

  it("reads a ZIP's entry names from its central directory, past a trailing comment", async () => {
    const zip = zipOf({ "[Content_Types].xml": "x", "xl/workbook.xml": "y" });
    const comment = Buffer.from("made by a test");
    const withComment = Buffer.concat([zip, comment]);
    withComment.writeUInt16LE(comment.length, zip.length - 2);
    expect(await zipEntryNames(bufferSource(withComment))).toEqual(["[Content_Types].xml", "xl/workbook.xml"]);
  });

  it("accepts CSV with commas, semicolons or tabs, quoted fields, line breaks inside quotes and a BOM", async () => {
    expect(await sniff("a;b;c\n1;2;3\n")).toBe("text/csv");
    expect(await sniff("a\tb\n1\t2")).toBe("text/csv");
    expect(await sniff('\uFEFFname,note\r\nx,"two\nlines, with a comma"\r\ny,z\r\n')).toBe("text/csv");
    expect(await sniff("título,año\nÑandú,2024\n")).toBe("text/csv");
  });

  it("refuses text that is not delimited alike on every line, HTML, NULs, control bytes and invalid UTF-8", async () => {
    expect(await sniff("just a sentence, with a comma\nand another line without\n")).toBeNull();
    expect(await sniff("one column\nonly\n")).toBeNull();
    expect(await sniff("<html><body>a,b</body></html>\n<p>c,d</p>\n")).toBeNull();
    expect(await sniff(Buffer.from("a,b\n1,\u0000\n"))).toBeNull();
    expect(await sniff(Buffer.from("a,b\n1,\u0007\n"))).toBeNull();
    expect(await sniff(Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xff, 0xfe, 0x2c, 0x31, 0x0a]))).toBeNull();
  });

  it("refuses empty files and images", async () => {
    expect(await sniff(Buffer.alloc(0))).toBeNull();
    expect(await sniff(Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"))).toBeNull();
  });
});
