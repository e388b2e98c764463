import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { applicationIdParamsSchema } from "../../../domain/entities/application";
import { evidenceCreateResponseSchema } from "../../../domain/entities/framework";
import {
  DATA_SOURCES,
  testingTaskCreateSchema,
  testingTaskListQuerySchema,
  testingTaskListResponseSchema,
  testingTaskParamsSchema,
  testingTaskSchema,
} from "../../../domain/entities/testing-task";
import { findApplication } from "../../applications/store";
import { checkRecord } from "../../plugins/ability";
import { problemResponses } from "../../plugins/problem";
import { createTestingTask, deleteTestingTask, retryTestingTask } from "../../testing/changes";
import { addTestEvidence, evidenceControlsOf, toEvidenceControl } from "../../testing/evidence";
import { previewTable, tableDocument } from "../../testing/inputs";
import { applicationForTesting, findTestingTask, listTestingTasks, testingTaskList, testingTaskView } from "../../testing/store";
import { TESTING_TASK_EXPORT_COLUMNS } from "../../testing/export-columns";
import { listBatches } from "../../db/list";
import { listExportRoute } from "../../exports/route";
import { featureOfNewTestingTask, featureOfTestingTask } from "../../testing/task-feature";

const CAN_TEST = "Only a contributor or an administrator of the application can start, retry and delete its tests.";
const CAN_EVIDENCE = "Only contributors and Administrators record how an application's controls are met.";

const columnsQuerySchema = z.strictObject({ document_id: z.uuid() });
const columnsResponseSchema = z.object({
  /** The file's header: the names a column mapping may use. */
  columns: z.array(z.string()),
  /** Its first rows, so a person sees what each column holds. */
  sample: z.array(z.array(z.string())),
});
const evidenceBodySchema = z.strictObject({ control_id: z.string().trim().min(1, "validation.required").max(40) });
const evidenceControlsQuerySchema = z.strictObject({ data_source: z.enum(DATA_SOURCES).optional() });
const evidenceControlsResponseSchema = z.object({
  items: z.array(z.object({ control_id: z.string(), name: z.string(), framework: z.string() })),
});

/** An application's testing tasks: start one, follow it through the queue, retry or delete it, and use its results as evidence. */
export default async function testingTaskRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/applications/:id/testing/tasks",
    {
      schema: {
        tags: ["testing"],
        summary: "The application's testing tasks, newest first, without their results (filter by data_source and status)",
        params: applicationIdParamsSchema,
        querystring: testingTaskListQuerySchema,
        response: { 200: testingTaskListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const application = await applicationForTesting(db(), request, request.params.id);
      return listTestingTasks(db(), request, application.id, request.query);
    },
  );

  listExportRoute(root, {
    url: "/applications/:id/testing/tasks/export",
    tags: ["testing"],
    what: "The application's testing tasks with their findings",
    params: applicationIdParamsSchema,
    querystring: testingTaskListQuerySchema,
    columns: TESTING_TASK_EXPORT_COLUMNS,
    title: "testing.tab.gridLabel",
    source: async (request, query) => {
      const application = await applicationForTesting(db(), request, (request.params as { id: string }).id);
      return { name: `${application.name}-tests`, rows: listBatches(testingTaskList(db(), request, application.id, query), query.sort) };
    },
  });

  app.post(
    "/applications/:id/testing/tasks",
    {
      config: { featureOf: featureOfNewTestingTask },
      schema: {
        tags: ["testing"],
        summary: "Start a test: fairness_ml_user reads a CSV or .xlsx document of the application through a column mapping; answers the task, waiting for a worker",
        params: applicationIdParamsSchema,
        body: testingTaskCreateSchema,
        response: { 201: testingTaskSchema, ...problemResponses },
      },
      preParsing: checkRecord(applicationIdParamsSchema, (request, params) => applicationForTesting(db(), request, params.id, "create", CAN_TEST)),
    },
    async (request, reply) => {
      const application = await applicationForTesting(db(), request, request.params.id, "create", CAN_TEST);
      const { id, queued } = await createTestingTask(db(), root.storage, request.user, application, request.body);
      // Read before the worker is woken: the answer is the task as it was queued.
      const task = await testingTaskView(db(), id);
      if (queued) void root.testingWorker.wake();
      return reply.code(201).send(task);
    },
  );

  app.get(
    "/applications/:id/testing/tasks/:taskId",
    {
      config: { featureOf: featureOfTestingTask },
      schema: {
        tags: ["testing"],
        summary: "One testing task with its status history, progress and (once ready) its results",
        params: testingTaskParamsSchema,
        response: { 200: testingTaskSchema, ...problemResponses },
      },
    },
    async (request) => testingTaskView(db(), (await findTestingTask(db(), request, request.params.id, request.params.taskId)).id),
  );

  app.post(
    "/applications/:id/testing/tasks/:taskId/retry",
    {
      config: { featureOf: featureOfTestingTask },
      schema: {
        tags: ["testing"],
        summary: "Run a task that ended in error again (error → waiting); 409 from any other status",
        params: testingTaskParamsSchema,
        response: { 200: testingTaskSchema, ...problemResponses },
      },
    },
    async (request) => {
      const task = await findTestingTask(db(), request, request.params.id, request.params.taskId, "update", CAN_TEST);
      await retryTestingTask(db(), request.user, task);
      const queued = await testingTaskView(db(), task.id);
      void root.testingWorker.wake();
      return queued;
    },
  );

  app.delete(
    "/applications/:id/testing/tasks/:taskId",
    {
      schema: {
        tags: ["testing"],
        summary: "Delete a task and its results; 409 while it is being analysed",
        params: testingTaskParamsSchema,
        response: { 204: z.null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      const task = await findTestingTask(db(), request, request.params.id, request.params.taskId, "delete", CAN_TEST);
      await deleteTestingTask(db(), request.user, task);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/applications/:id/testing/columns",
    {
      schema: {
        tags: ["testing"],
        summary: "The header and first five rows of a CSV or .xlsx document of the application, to map its columns",
        params: applicationIdParamsSchema,
        querystring: columnsQuerySchema,
        response: { 200: columnsResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const application = await applicationForTesting(db(), request, request.params.id);
      return previewTable(root.storage, await tableDocument(db(), application.id, request.query.document_id));
    },
  );

  app.get(
    "/applications/:id/testing/evidence-controls",
    {
      schema: {
        tags: ["testing"],
        summary: "The application's controls a fairness test is evidence of (bias audit, data governance, accuracy, MEASURE 2.11; an LLM test also generated-output safeguards)",
        params: applicationIdParamsSchema,
        querystring: evidenceControlsQuerySchema,
        response: { 200: evidenceControlsResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const application = await applicationForTesting(db(), request, request.params.id);
      return { items: (await evidenceControlsOf(db(), application, request.query.data_source)).map(toEvidenceControl) };
    },
  );

  app.post(
    "/applications/:id/testing/tasks/:taskId/evidence",
    {
      config: { featureOf: featureOfTestingTask },
      schema: {
        tags: ["testing"],
        summary: "Make a ready test evidence of a control: a link to its results, expiring a year after the test (bias audits are annual)",
        params: testingTaskParamsSchema,
        body: evidenceBodySchema,
        response: { 201: evidenceCreateResponseSchema.shape.evidence, ...problemResponses },
      },
      preParsing: checkRecord(testingTaskParamsSchema, async (request, params) => {
        await findApplication(db(), request, params.id, "update", CAN_EVIDENCE);
        await findTestingTask(db(), request, params.id, params.taskId);
      }),
    },
    async (request, reply) => {
      const { row: application } = await findApplication(db(), request, request.params.id, "update", CAN_EVIDENCE);
      const task = await findTestingTask(db(), request, application.id, request.params.taskId);
      const evidence = await addTestEvidence(db(), request.user, application, task, request.body.control_id, root.config.publicUrl);
      return reply.code(201).send(evidence);
    },
  );
}
