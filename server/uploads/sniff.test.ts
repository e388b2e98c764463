import { describe, expect, it } from "vitest";
import { SNIFF_BYTES, sniffMimeType } from "./sniff";

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], "IHDR");
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF");
const WEBP = bytes("RIFF", [0x24, 0x00, 0x00, 0x00], "WEBPVP8 ");

describe("sniffMimeType", () => {
  it("recognises PNG, JPEG and WebP by their signatures", () => {
    expect(sniffMimeType(PNG)).toBe("image/png");
    expect(sniffMimeType(JPEG)).toBe("image/jpeg");
    expect(sniffMimeType(WEBP)).toBe("image/webp");
  });

  it("rejects executables, SVG, text, other RIFF files and empty input", () => {
    expect(sniffMimeType(bytes("MZ", [0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00]))).toBeNull();
    expect(sniffMimeType(bytes([0x7f], "ELF", [2, 1, 1, 0, 0, 0, 0, 0]))).toBeNull();
    expect(sniffMimeType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffMimeType(bytes("hello, this is plain text"))).toBeNull();
    expect(sniffMimeType(bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(sniffMimeType(new Uint8Array())).toBeNull();
  });

  it("needs the whole signature: a truncated one matches nothing", () => {
    expect(sniffMimeType(PNG.subarray(0, 7))).toBeNull();
    expect(sniffMimeType(JPEG.subarray(0, 2))).toBeNull();
    expect(sniffMimeType(WEBP.subarray(0, 11))).toBeNull();
    expect(SNIFF_BYTES).toBeGreaterThanOrEqual(12);
  });

  it("only answers with the accepted types when given a list", () => {
    expect(sniffMimeType(PNG, ["image/jpeg", "image/webp"])).toBeNull();
    expect(sniffMimeType(JPEG, ["image/jpeg"])).toBe("image/jpeg");
  });
});
