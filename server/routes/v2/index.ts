import type { FastifyInstance } from "fastify";
import accessUserRoutes from "./access-user";
import accessUserRoleRoutes from "./access-user-roles";
import accessUsersRoutes from "./access-users";
import apiClientRoutes from "./api-clients";
import applicationAccessRoutes from "./application-access";
import applicationControlRoutes from "./application-controls";
import applicationDocumentRoutes from "./application-documents";
import applicationFrameworkRoutes from "./application-frameworks";
import applicationMetricsRoutes from "./application-metrics";
import applicationRecordRoutes from "./application-records";
import applicationRoutes from "./applications";
import companyRoutes from "./company";
import companyLogoRoutes from "./company-logo";
import frameworkRoutes from "./frameworks";
import myWorkRoutes from "./my-work";
import notificationRoutes from "./notifications";
import resourceGroupRoutes from "./resource-groups";
import vendorRoutes from "./vendors";

/**
 * Every /v2 area, one file each (spec §7): register them inside the protected scope, where every
 * request needs a bearer access token (design §4). The docs and /v2/openapi.json live outside it.
 */
export default async function v2Routes(app: FastifyInstance) {
  await app.register(async function protectedRoutes(api) {
    api.addHook("onRequest", app.authenticate);
    await api.register(accessUserRoutes);
    await api.register(accessUsersRoutes);
    await api.register(accessUserRoleRoutes);
    await api.register(resourceGroupRoutes);
    await api.register(apiClientRoutes);
    await api.register(companyRoutes);
    await api.register(companyLogoRoutes);
    await api.register(applicationRoutes);
    await api.register(applicationRecordRoutes);
    await api.register(applicationAccessRoutes);
    await api.register(applicationMetricsRoutes);
    await api.register(notificationRoutes);
    await api.register(myWorkRoutes);
    await api.register(applicationDocumentRoutes);
    await api.register(vendorRoutes);
    await api.register(frameworkRoutes);
    await api.register(applicationFrameworkRoutes);
    await api.register(applicationControlRoutes);
  });
}
