import type { FastifyInstance } from "fastify";
import accessUserRoutes from "./access-user";
import accessUsersRoutes from "./access-users";
import companyRoutes from "./company";
import resourceGroupRoutes from "./resource-groups";

/**
 * Every /v2 area, one file each (spec §7): register them inside the protected scope, where every
 * request needs a bearer access token (design §4). The docs and /v2/openapi.json live outside it.
 */
export default async function v2Routes(app: FastifyInstance) {
  await app.register(async function protectedRoutes(api) {
    api.addHook("onRequest", app.authenticate);
    await api.register(accessUserRoutes);
    await api.register(accessUsersRoutes);
    await api.register(resourceGroupRoutes);
    await api.register(companyRoutes);
  });
}
