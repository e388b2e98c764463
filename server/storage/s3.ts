import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import type { Readable } from "node:stream";
import type { UploadForm } from "../../domain/entities/document";
import { AWS_REQUEST_HANDLER, callService } from "../aws/unavailable";
import type { PresignInput, Storage, StoredFile } from "./types";

export interface S3Settings {
  bucket: string;
  region?: string;
  /** An S3-compatible endpoint (MinIO, LocalStack): path-style addressing then. */
  endpoint?: string;
  /** Tests pass static credentials; otherwise the SDK's default chain (env, profile, instance role). */
  credentials?: S3ClientConfig["credentials"];
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404;
};

/**
 * The S3 driver: the browser posts straight to the bucket with a SigV4 presigned POST. With an endpoint of its own
 * (an S3-compatible store, moto) both the form and the server's own calls address the bucket path-style there.
 * A bucket that cannot answer is ServiceUnavailable (a 503), never a missing file.
 */
export class S3Storage implements Storage {
  readonly driver = "s3" as const;
  readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region ?? "us-east-1",
      requestHandler: AWS_REQUEST_HANDLER,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
  }

  async presignUpload(input: PresignInput): Promise<UploadForm> {
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.settings.bucket,
      Key: input.key,
      Conditions: [["content-length-range", 1, input.maxBytes], ...(input.contentType ? [{ "Content-Type": input.contentType }] : [])],
      Fields: input.contentType ? { "Content-Type": input.contentType } : {},
      Expires: input.expiresInSeconds,
    });
    return { url, fields };
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.send(() => this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: bytes, ContentType: contentType })));
  }

  async open(key: string): Promise<StoredFile | null> {
    let size: number;
    try {
      const head = await this.send(() => this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key })));
      size = head.ContentLength ?? 0;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
    const get = (range?: string) => this.send(() => this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: range })));
    return {
      size,
      async read(offset, length) {
        const end = Math.min(size, offset + length) - 1;
        if (end < offset) return new Uint8Array();
        const object = await get(`bytes=${offset}-${end}`);
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      },
      stream: async () => (await get()).Body as Readable,
    };
  }

  async remove(key: string): Promise<void> {
    await this.send(() => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key })));
  }

  private send<T>(call: () => Promise<T>): Promise<T> {
    return callService("storage", call);
  }
}
