import type { Readable } from "node:stream";
import { sniffMimeType, SNIFF_BYTES } from "../uploads/sniff";
import type { Storage } from "../storage/types";

/**
 * A file evidence's stored bytes, typed from the bytes themselves (the upload endpoint already refused
 * anything but the accepted document types); null until the browser has posted the file.
 */
export async function uploadedFile(storage: Storage, key: string): Promise<{ size: number; contentType: string; stream(): Promise<Readable> } | null> {
  const file = await storage.open(key);
  if (!file) return null;
  const head = await file.read(0, Math.min(SNIFF_BYTES, file.size));
  // Office containers sniff as zip/ole: serve those as opaque bytes rather than guess.
  const sniffed = sniffMimeType(head);
  const contentType = sniffed === "application/pdf" ? sniffed : "application/octet-stream";
  return { size: file.size, contentType, stream: () => file.stream() };
}
