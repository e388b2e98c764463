import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  resourceGroupCreateSchema,
  resourceGroupIdParamsSchema,
  resourceGroupListQuerySchema,
  resourceGroupListResponseSchema,
  resourceGroupResourceParamsSchema,
  resourceGroupSchema,
  resourceGroupUpdateSchema,
} from "../../../domain/entities/resource-group";
import {
  addGroupResource,
  changeResourceGroup,
  createResourceGroup,
  deleteResourceGroup,
  findGroup,
  listResourceGroups,
  removeGroupResource,
  resourceGroupList,
} from "../../access/resource-groups";
import { RESOURCE_GROUP_EXPORT_COLUMNS } from "../../access/export-columns";
import { listBatches } from "../../db/list";
import { listExportRoute } from "../../exports/route";
import { assertCan, checkRecord } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { problemResponses, versionedWriteResponses } from "../../plugins/problem";

/** Manage Resource Groups: Administrator only, always inside the caller's company. */
export default async function resourceGroupRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;
  const companyOf = (request: FastifyRequest) => request.user.companyId;

  app.addHook("preParsing", async (request) => {
    assertCan(request, "manage", "ResourceGroup", "Only an Administrator can manage resource groups.");
  });

  app.get(
    "/access/resource-groups",
    {
      schema: {
        tags: ["access"],
        summary: "The company's resource groups",
        querystring: resourceGroupListQuerySchema,
        response: { 200: resourceGroupListResponseSchema, ...problemResponses },
      },
    },
    async (request) => listResourceGroups(db(), companyOf(request), request.query),
  );

  listExportRoute(root, {
    url: "/access/resource-groups/export",
    tags: ["access"],
    what: "The company's resource groups",
    querystring: resourceGroupListQuerySchema,
    columns: RESOURCE_GROUP_EXPORT_COLUMNS,
    title: "groups.title",
    source: (request, query) => ({ name: "resource-groups", rows: listBatches(resourceGroupList(db(), companyOf(request), query), query.sort) }),
  });

  app.post(
    "/access/resource-groups",
    {
      schema: {
        tags: ["access"],
        summary: "Create a resource group",
        body: resourceGroupCreateSchema,
        response: { 201: resourceGroupSchema, ...problemResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await createResourceGroup(db(), companyOf(request), request.body)),
  );

  app.patch(
    "/access/resource-groups/:resource_group_id",
    {
      schema: {
        tags: ["access"],
        summary: "Rename a resource group or change its type (a change to ALL drops its application list)",
        description: WRITE_PRECONDITION,
        params: resourceGroupIdParamsSchema,
        body: resourceGroupUpdateSchema,
        response: { 200: resourceGroupSchema, ...versionedWriteResponses },
      },
      preParsing: checkRecord(resourceGroupIdParamsSchema, (request, params) => findGroup(db(), request.user.companyId, params.resource_group_id)),
    },
    async (request, reply) => {
      const current = await findGroup(db(), companyOf(request), request.params.resource_group_id);
      return withEtag(reply, await changeResourceGroup(db(), current, request.body, expectedVersions(request)));
    },
  );

  app.delete(
    "/access/resource-groups/:resource_group_id",
    {
      schema: {
        tags: ["access"],
        summary: "Delete a resource group no role assignment uses",
        params: resourceGroupIdParamsSchema,
        response: { 204: z.null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      await deleteResourceGroup(db(), await findGroup(db(), companyOf(request), request.params.resource_group_id));
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/access/resource-groups/:resource_group_id/resources/:resource_id",
    {
      schema: {
        tags: ["access"],
        summary: "Add an application to a SELECTED group (idempotent)",
        params: resourceGroupResourceParamsSchema,
        response: { 200: resourceGroupSchema, ...problemResponses },
      },
    },
    async (request) => addGroupResource(db(), await findGroup(db(), companyOf(request), request.params.resource_group_id), request.params.resource_id),
  );

  app.delete(
    "/access/resource-groups/:resource_group_id/resources/:resource_id",
    {
      schema: {
        tags: ["access"],
        summary: "Take an application out of a SELECTED group (idempotent)",
        params: resourceGroupResourceParamsSchema,
        response: { 204: z.null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      await removeGroupResource(db(), await findGroup(db(), companyOf(request), request.params.resource_group_id), request.params.resource_id);
      return reply.code(204).send(null);
    },
  );
}
