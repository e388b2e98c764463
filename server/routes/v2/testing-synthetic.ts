import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { populationSchema, scoredUploadSchema, testingTaskParamsSchema, testingTaskSchema } from "../../../domain/entities/testing-task";
import { checkRecord } from "../../plugins/ability";
import { conflict, problemResponses } from "../../plugins/problem";
import { populationCsvStream } from "../../testing/synthetic/population-csv";
import { attachScores } from "../../testing/synthetic/scores-upload";
import { findTestingTask, testingTaskView } from "../../testing/store";
import { contentDisposition } from "../../uploads/document-store";
import { featureOfTestingTask } from "../../testing/task-feature";

const CAN_SCORE = "Only a contributor or an administrator of the application can upload scores to its tests.";

/**
 * Offline synthetic tests: the population to download and score with the user's own tooling, and the
 * upload of the scored file, which queues the task.
 */
export default async function testingSyntheticRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;
  const task = "/applications/:id/testing/tasks/:taskId";

  app.get(
    `${task}/population.csv`,
    {
      config: { features: ["data-export"], featureOf: featureOfTestingTask },
      schema: {
        tags: ["testing"],
        summary: "The synthetic test's population of counterfactual twins as CSV, generated from its seed (the same bytes every time)",
        params: testingTaskParamsSchema,
        response: { 200: z.any().describe("CSV: row_id, twin_set, varied_attribute, the features, the protected attributes"), ...problemResponses },
      },
    },
    async (request, reply) => {
      const found = await findTestingTask(db(), request, request.params.id, request.params.taskId);
      const population = populationSchema.safeParse(found.population);
      if (found.dataSource !== "fairness_ml_synthetic" || !population.success) throw conflict("This test has no synthetic population.");
      const name = `${found.name?.trim() || "population"}-seed-${population.data.seed}.csv`;
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", contentDisposition(name))
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "private, no-store")
        .send(populationCsvStream(population.data));
    },
  );

  app.post(
    `${task}/scores`,
    {
      config: { featureOf: featureOfTestingTask },
      schema: {
        tags: ["testing"],
        summary: "Upload the scored population of an offline synthetic test (a CSV or .xlsx document of the application) and queue its analysis",
        description:
          "The file's header must hold the outcome column named in `columns` and the population's own columns (twin_set, varied_attribute, each protected attribute). " +
          "Only a test in `created` or `error` takes scores (409 otherwise).",
        params: testingTaskParamsSchema,
        body: scoredUploadSchema,
        response: { 200: testingTaskSchema, ...problemResponses },
      },
      preParsing: checkRecord(testingTaskParamsSchema, (request, params) => findTestingTask(db(), request, params.id, params.taskId, "update", CAN_SCORE)),
    },
    async (request) => {
      const found = await findTestingTask(db(), request, request.params.id, request.params.taskId, "update", CAN_SCORE);
      await attachScores(db(), root.storage, found, request.body);
      void root.testingWorker.wake();
      return testingTaskView(db(), found.id);
    },
  );
}
