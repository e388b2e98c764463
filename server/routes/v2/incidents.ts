import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  incidentCreateSchema,
  incidentIdParamsSchema,
  incidentListQuerySchema,
  incidentListResponseSchema,
  incidentPatchSchema,
  incidentSchema,
} from "../../../domain/entities/incident";
import { changeIncident, createIncident, deleteIncident } from "../../incidents/changes";
import { listBatches } from "../../db/list";
import { listExportRoute } from "../../exports/route";
import { INCIDENT_EXPORT_COLUMNS } from "../../incidents/export-columns";
import { applicationForNewIncident, findIncident, incidentList, incidentView, listIncidents } from "../../incidents/store";
import { assertCan, checkRecord } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { problemResponses, versionedWriteResponses } from "../../plugins/problem";

const CAN_RECORD = "Only a contributor or an administrator can record and change incidents.";
const CAN_DELETE = "Only an administrator can delete incidents.";

/** AI incidents: the register of what went wrong with an application, its reporting to the authority and follow-up. */
export default async function incidentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/incidents",
    {
      schema: {
        tags: ["incidents"],
        summary: "The incidents of the applications the caller can see",
        querystring: incidentListQuerySchema,
        response: { 200: incidentListResponseSchema, ...problemResponses },
      },
      preParsing: async (request) => assertCan(request, "read", "Incident", "Incidents are for users with a role on an application."),
    },
    async (request) => listIncidents(db(), request, request.query),
  );

  listExportRoute(root, {
    url: "/incidents/export",
    tags: ["incidents"],
    what: "The incidents of the applications the caller can see",
    querystring: incidentListQuerySchema,
    columns: INCIDENT_EXPORT_COLUMNS,
    title: "incidents.title",
    preParsing: async (request) => assertCan(request, "read", "Incident", "Incidents are for users with a role on an application."),
    source: (request, query) => ({ name: "incidents", rows: listBatches(incidentList(db(), request, query), query.sort) }),
  });

  app.post(
    "/incidents",
    {
      schema: {
        tags: ["incidents"],
        summary: "Record an incident of an application; a serious one gets its report deadline from its kind and detection",
        body: incidentCreateSchema,
        response: { 201: incidentSchema, ...problemResponses },
      },
      preParsing: async (request) => assertCan(request, "create", "Incident", CAN_RECORD),
    },
    async (request, reply) => {
      const application = await applicationForNewIncident(db(), request, request.body.application_id, CAN_RECORD);
      const id = await createIncident(db(), request.user, application, request.body);
      return reply.code(201).send(withEtag(reply, await incidentView(db(), id)));
    },
  );

  app.get(
    "/incidents/:id",
    { schema: { tags: ["incidents"], summary: "One incident", params: incidentIdParamsSchema, response: { 200: incidentSchema, ...problemResponses } } },
    async (request, reply) => withEtag(reply, await incidentView(db(), (await findIncident(db(), request, request.params.id)).row.id)),
  );

  app.patch(
    "/incidents/:id",
    {
      schema: {
        tags: ["incidents"],
        summary: "Edit an incident or move its status (open → investigating → resolved → closed; resolved or closed → open)",
        description: WRITE_PRECONDITION,
        params: incidentIdParamsSchema,
        body: incidentPatchSchema,
        response: { 200: incidentSchema, ...versionedWriteResponses },
      },
      preParsing: checkRecord(incidentIdParamsSchema, (request, params) => findIncident(db(), request, params.id, "update", CAN_RECORD)),
    },
    async (request, reply) => {
      const { row } = await findIncident(db(), request, request.params.id, "update", CAN_RECORD);
      await changeIncident(db(), request.user, row, request.body, expectedVersions(request));
      return withEtag(reply, await incidentView(db(), row.id));
    },
  );

  app.delete(
    "/incidents/:id",
    {
      schema: {
        tags: ["incidents"],
        summary: "Delete an incident (Administrators)",
        description: WRITE_PRECONDITION,
        params: incidentIdParamsSchema,
        response: { 204: z.null(), ...versionedWriteResponses },
      },
    },
    async (request, reply) => {
      const { row } = await findIncident(db(), request, request.params.id, "delete", CAN_DELETE);
      await deleteIncident(db(), request.user, row.id, expectedVersions(request));
      return reply.code(204).send(null);
    },
  );
}
