import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  linkedApplicationListQuerySchema,
  linkedApplicationListResponseSchema,
  vendorCreateSchema,
  vendorDetailsResponseSchema,
  vendorIdParamsSchema,
  vendorListQuerySchema,
  vendorListResponseSchema,
  vendorSchema,
  vendorUpdateSchema,
} from "../../../domain/entities/vendor";
import { assertCan, checkRecord } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { problemResponses, versionedWriteResponses } from "../../plugins/problem";
import { listBatches } from "../../db/list";
import { listExportRoute } from "../../exports/route";
import { VENDOR_EXPORT_COLUMNS } from "../../vendors/export-columns";
import { changeVendor, createVendor, findVendor, listVendors, toVendor, vendorApplications, vendorDetails, vendorList } from "../../vendors/store";

const CAN_EDIT = "Only a contributor or an administrator can change vendors.";

/** AI vendors: the list, each one's profile and answers, and the applications that use it. */
export default async function vendorRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/vendors",
    {
      schema: {
        tags: ["vendors"],
        summary: "The company's AI vendors",
        querystring: vendorListQuerySchema,
        response: { 200: vendorListResponseSchema, ...problemResponses },
      },
      preParsing: async (request) => assertCan(request, "read", "Vendor", "Vendors are for users with a role."),
    },
    async (request) => listVendors(db(), request, request.query),
  );

  listExportRoute(root, {
    url: "/vendors/export",
    tags: ["vendors"],
    what: "The company's AI vendors",
    querystring: vendorListQuerySchema,
    columns: VENDOR_EXPORT_COLUMNS,
    title: "vendors.title",
    preParsing: async (request) => assertCan(request, "read", "Vendor", "Vendors are for users with a role."),
    source: (request, query) => ({ name: "vendors", rows: listBatches(vendorList(db(), request, query), query.sort) }),
  });

  app.post(
    "/vendors",
    {
      schema: { tags: ["vendors"], summary: "Add a vendor", body: vendorCreateSchema, response: { 201: vendorSchema, ...problemResponses } },
      preParsing: async (request) => assertCan(request, "create", "Vendor", CAN_EDIT),
    },
    async (request, reply) => {
      const id = await createVendor(db(), request.user, request.body);
      return reply.code(201).send(toVendor(await findVendor(db(), request, id)));
    },
  );

  app.get(
    "/vendors/:id",
    { schema: { tags: ["vendors"], summary: "One vendor", params: vendorIdParamsSchema, response: { 200: vendorSchema, ...problemResponses } } },
    async (request) => toVendor(await findVendor(db(), request, request.params.id)),
  );

  app.put(
    "/vendors/:id",
    {
      schema: {
        tags: ["vendors"],
        summary: "Edit a vendor: its profile, status (offboard instead of deleting) and answers; a new risk level re-classifies the applications that use it",
        description: WRITE_PRECONDITION,
        params: vendorIdParamsSchema,
        body: vendorUpdateSchema,
        response: { 200: vendorSchema, ...versionedWriteResponses },
      },
      preParsing: checkRecord(vendorIdParamsSchema, (request, params) => findVendor(db(), request, params.id, "update")),
    },
    async (request, reply) => {
      await findVendor(db(), request, request.params.id, "update");
      await changeVendor(db(), request.user, request.params.id, request.body, expectedVersions(request));
      return withEtag(reply, toVendor(await findVendor(db(), request, request.params.id)));
    },
  );

  app.get(
    "/vendors/:id/details",
    {
      schema: {
        tags: ["vendors"],
        summary: "The vendor's answers and its risk with reasons",
        params: vendorIdParamsSchema,
        response: { 200: vendorDetailsResponseSchema, ...problemResponses },
      },
    },
    async (request) => vendorDetails((await findVendor(db(), request, request.params.id)).row),
  );

  app.get(
    "/vendors/:id/applications",
    {
      schema: {
        tags: ["vendors"],
        summary: "The applications the caller can read that use the vendor (listed, or as their foundation model): paged",
        params: vendorIdParamsSchema,
        querystring: linkedApplicationListQuerySchema,
        response: { 200: linkedApplicationListResponseSchema, ...problemResponses },
      },
    },
    async (request) => vendorApplications(db(), request, (await findVendor(db(), request, request.params.id)).row.id, request.query),
  );
}
