import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { runMonitoringSweep } from "./sweep";

const HOUR_MS = 3_600_000;

/** Issue 8: the monitoring sweep runs once the server is ready and hourly after that, until it closes. */
export default fp(
  async function monitoring(app: FastifyInstance) {
    let timer: NodeJS.Timeout | undefined;
    const sweep = () =>
      runMonitoringSweep(app.db).catch((error: unknown) => app.log.error({ err: error }, "the monitoring sweep failed; it runs again in an hour"));
    app.addHook("onReady", async () => {
      void sweep();
      timer = setInterval(sweep, HOUR_MS);
      timer.unref();
    });
    app.addHook("onClose", async () => clearInterval(timer));
  },
  { name: "monitoring", dependencies: ["db"] },
);
