import type { FastifyInstance } from "fastify";

/** Every /v2 area, one file each (spec §7): later areas register here. */
export default async function v2Routes(app: FastifyInstance) {
  void app;
}
