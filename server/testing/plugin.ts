import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { QueueWorker } from "../processing/worker";
import { testingProcessor } from "./run";

declare module "fastify" {
  interface FastifyInstance {
    /** The test queue's worker, which runs testing tasks: routes wake it after queueing one. */
    testingWorker: QueueWorker;
  }
}

/** The testing tasks' worker, started with the app and stopped on close (it finishes the run in hand first). */
export default fp(
  async function testing(app: FastifyInstance, opts: { config: Config }) {
    const { config } = opts;
    const worker = new QueueWorker(
      { db: app.db, log: app.log, intervalMs: config.PROCESSING_INTERVAL_MS },
      testingProcessor({ db: app.db, storage: app.storage, config, log: app.log }),
    );
    app.decorate("testingWorker", worker);
    app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", async () => worker.stop());
  },
  { name: "testing", dependencies: ["db", "documents"] },
);
