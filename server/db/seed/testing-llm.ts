import type { FastifyInstance } from "fastify";
import type { LlmColumns } from "../../testing/llm/columns";
import { seedDemoTest } from "./testing";

export const DEMO_LLM_DOCUMENT = "Support chatbot responses, fairness prompts.csv";

/**
 * The demo's LLM fairness test: the shipped responses file (generate-demo-llm-responses.ts) as a document of the
 * support chatbot, and a ready fairness_llm_user test over it, ten days old.
 */
export const seedDemoLlmTesting = (app: FastifyInstance) =>
  seedDemoTest(app, {
    application: "Support chatbot",
    document: DEMO_LLM_DOCUMENT,
    file: "demo-llm-responses.csv",
    name: "Fairness of the chatbot's replies by gender and ethnicity",
    dataSource: "fairness_llm_user",
    columns: {
      prompt_id: "prompt_id",
      prompt: "prompt",
      response: "response",
      language: "language",
      protected: { gender: "gender", ethnicity: "ethnicity" },
    } satisfies LlmColumns,
    daysAgo: 10,
    runSeconds: 30,
  });
