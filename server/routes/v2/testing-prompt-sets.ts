import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { applicationIdParamsSchema } from "../../../domain/entities/application";
import { documentSchema } from "../../../domain/entities/document";
import { PROMPT_LANGUAGES, PROMPT_SET_IDS, promptRunBodySchema, promptSetListSchema, promptSetRows, type PromptSetId } from "../../../domain/testing/prompt-sets";
import { assertCan, checkRecord } from "../../plugins/ability";
import { notFound, problemResponses } from "../../plugins/problem";
import { promptSetCatalog } from "../../testing/prompt-runs/catalog";
import { promptsCsv } from "../../testing/prompt-runs/prompts-csv";
import { promptRunFailureSchema, runPromptSet } from "../../testing/prompt-runs/run";
import { promptTexts } from "../../testing/prompt-runs/texts";
import { reportLanguage } from "../../testing/reports/texts";
import { applicationForTesting } from "../../testing/store";
import { contentDisposition } from "../../uploads/document-store";

const CAN_TEST = "Only a contributor or an administrator of the application can run prompt sets through its model endpoint.";
const WITH_ROLE = "Prompt sets are for users with a role.";

const listQuerySchema = z.strictObject({
  lang: z.enum(PROMPT_LANGUAGES).optional().describe("The language of titles and descriptions; by default the first of en/es that Accept-Language prefers, else en."),
});
// Any name reaches the handler, so an unknown set is a 404 rather than a validation error.
const setParamsSchema = z.object({ setId: z.string().describe(`One of ${PROMPT_SET_IDS.join(", ")}`) });
const isPromptSetId = (id: string): id is PromptSetId => (PROMPT_SET_IDS as readonly string[]).includes(id);
const setQuerySchema = z.strictObject({ lang: z.enum(PROMPT_LANGUAGES).describe("The language of the prompts.") });

/**
 * Counterfactual prompt sets to test an LLM for bias: listed and downloaded by anyone with a role (the
 * user runs them through their model and uploads the responses), or run by Steward itself through an
 * application's OpenAI-compatible chat endpoint, the responses stored as a document of the application.
 */
export default async function testingPromptSetRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;
  const withRole = { preParsing: async (request: Parameters<typeof assertCan>[0]) => assertCan(request, "read", "TestingTask", WITH_ROLE) };

  app.get(
    "/testing/prompt-sets",
    {
      config: { features: ["llm-testing"] },
      schema: {
        tags: ["testing"],
        summary: "The prompt sets: id, title and description (in the asked language), languages, and prompts per language",
        querystring: listQuerySchema,
        response: { 200: promptSetListSchema, ...problemResponses },
      },
      ...withRole,
    },
    async (request) => ({ items: promptSetCatalog(promptTexts(reportLanguage(request.query.lang, request.headers["accept-language"]))) }),
  );

  app.get(
    "/testing/prompt-sets/:setId.csv",
    {
      config: { features: ["llm-testing", "data-export"] },
      schema: {
        tags: ["testing"],
        summary: "A prompt set as CSV (UTF-8 with BOM): prompt_id, set, language, gender, ethnicity, age_band, prompt, and an empty response column to fill in",
        description: "Rows sharing a prompt_id are one prompt varied in one attribute; the columns of the attributes it does not vary are empty.",
        params: setParamsSchema,
        querystring: setQuerySchema,
        response: { 200: z.any().describe("The CSV file"), ...problemResponses },
      },
      ...withRole,
    },
    async (request, reply) => {
      const { setId } = request.params;
      const { lang } = request.query;
      if (!isPromptSetId(setId)) throw notFound("Prompt set");
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", contentDisposition(`prompts-${setId}-${lang}.csv`))
        .header("Content-Language", lang)
        .header("X-Content-Type-Options", "nosniff")
        .send(promptsCsv(promptSetRows(setId, lang)));
    },
  );

  app.post(
    "/applications/:id/testing/prompt-runs",
    {
      config: { features: ["llm-testing"] },
      schema: {
        tags: ["testing"],
        summary: "Run a prompt set through the application's OpenAI-compatible chat endpoint and store the responses as a CSV document of it",
        description:
          "Runs inline (a set is 144 prompts, four at a time, within 5 minutes at most). 400 naming `endpoint` when the application has no chat endpoint; 422 with the reason when the model fails (time-out, HTTP status, unreadable answer), and then nothing is stored.",
        params: applicationIdParamsSchema,
        body: promptRunBodySchema,
        response: { 201: documentSchema, ...problemResponses, 422: promptRunFailureSchema },
      },
      preParsing: checkRecord(applicationIdParamsSchema, (request, params) => applicationForTesting(db(), request, params.id, "create", CAN_TEST)),
    },
    async (request, reply) => {
      const application = await applicationForTesting(db(), request, request.params.id, "create", CAN_TEST);
      const t = promptTexts(reportLanguage(undefined, request.headers["accept-language"]));
      const document = await runPromptSet({ db: db(), storage: root.storage, config: root.config, user: request.user, application, t }, request.body);
      return reply.code(201).send(document);
    },
  );
}
