import path from "node:path";
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { documentProcessor } from "../processing/documents";
import { QueueWorker } from "../processing/worker";
import { LocalStorage } from "../storage/local";
import { S3Storage } from "../storage/s3";
import { loadOrCreateUploadSecret } from "../storage/secret";
import type { Storage } from "../storage/types";
import localUploadRoutes from "./routes";

declare module "fastify" {
  interface FastifyInstance {
    /** Where documents live: local disk or S3. */
    storage: Storage;
    /** The document queue's worker, which checks uploaded files: routes wake it after queueing an item. */
    documentWorker: QueueWorker;
  }
}

/** The local driver's policy secret: configured, else derived from the local identity key, else a key file in DATA_DIR. */
function uploadSecret(app: FastifyInstance, config: Config): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  return () =>
    (secret ??= (async () => {
      if (config.UPLOAD_SIGNING_SECRET) return Buffer.from(config.UPLOAD_SIGNING_SECRET);
      const local = app.identity.local;
      if (local) return local.key.secret("upload-policy");
      return loadOrCreateUploadSecret(path.join(config.DATA_DIR, "keys"));
    })());
}

/** Document storage, the local upload endpoint and the processing worker, started with the app and stopped on close. */
export default fp(
  async function documents(app: FastifyInstance, opts: { config: Config }) {
    const { config } = opts;
    const storage: Storage =
      config.storageMode === "s3"
        ? new S3Storage({ bucket: config.S3_BUCKET!, region: config.S3_REGION, endpoint: config.S3_ENDPOINT })
        : new LocalStorage(path.join(config.DATA_DIR, "files"), uploadSecret(app, config));
    const worker = new QueueWorker({ db: app.db, log: app.log, intervalMs: config.PROCESSING_INTERVAL_MS }, documentProcessor(app.db, storage));
    app.decorate("storage", storage);
    app.decorate("documentWorker", worker);
    if (storage instanceof LocalStorage) await app.register(localUploadRoutes, { storage });
    app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", async () => worker.stop());
  },
  { name: "documents", dependencies: ["db", "identity"] },
);
