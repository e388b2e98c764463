import { crc32 } from "node:zlib";
import { CSV, DOC, DOCX, PDF, XLSX } from "../../domain/entities/document";

/** Test files: the smallest byte sequences each accepted type is recognised by (and a few impostors). */

/** A ZIP archive with these entries, stored uncompressed: enough for the sniffer's central-directory read. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

/** An OLE2 compound file whose directory names one stream (UTF-16LE), as Word's and Excel's old formats do. */
export function oleWith(streamName: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(9, 0x1e);
  const directory = Buffer.alloc(512);
  Buffer.from("Root Entry", "utf16le").copy(directory, 0);
  Buffer.from(streamName, "utf16le").copy(directory, 128);
  return Buffer.concat([header, directory]);
}

export const SAMPLES = {
  pdf: { bytes: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"), type: PDF },
  doc: { bytes: oleWith("WordDocument"), type: DOC },
  docx: { bytes: zipOf({ "[Content_Types].xml": CONTENT_TYPES, "word/document.xml": "<w:document/>" }), type: DOCX },
  xlsx: { bytes: zipOf({ "[Content_Types].xml": CONTENT_TYPES, "xl/workbook.xml": "<workbook/>" }), type: XLSX },
  csv: { bytes: Buffer.from('name,owner,notes\n"Chat bot","Ana","says ""hi"", politely"\nScorer,Ben,plain\n'), type: CSV },
} as const;

/** A Windows executable's first bytes: what a `.exe` renamed `.pdf` really is. */
export const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]), Buffer.alloc(64)]);
