import type { Readable } from "node:stream";
import type { UploadForm } from "../../domain/entities/document";
import type { ByteSource } from "../uploads/documents";

/** What a presigned upload allows: exactly this key, at most `maxBytes`, until `expiresInSeconds` have passed. */
export interface PresignInput {
  key: string;
  maxBytes: number;
  /** Put in the form (and bound by the policy) only when it is one of the accepted types. */
  contentType?: string;
  expiresInSeconds: number;
}

/** A stored object: random access for the sniffer, a stream for downloads. */
export interface StoredFile extends ByteSource {
  stream(): Promise<Readable>;
}

/**
 * One presigned-POST contract with two drivers (local disk, S3): files never pass through the API. The browser posts the form to `url`;
 * the server reads objects back to check and serve them. Keys are ours (`company/application/document`).
 */
export interface Storage {
  readonly driver: "local" | "s3";
  presignUpload(input: PresignInput): Promise<UploadForm>;
  /** Stores bytes the server made itself (a generated file), under one of our keys. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object under `key`, or null when nothing was uploaded there. */
  open(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
}

/** Our storage keys: three UUIDs. Anything else never reaches a file system path or a bucket. */
const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}){2}$/;
export const isStorageKey = (key: string) => KEY_PATTERN.test(key);

export function documentKey(companyId: string, applicationId: string, documentId: string): string {
  const key = `${companyId}/${applicationId}/${documentId}`;
  if (!isStorageKey(key)) throw new Error("storage keys are built from ids only");
  return key;
}
