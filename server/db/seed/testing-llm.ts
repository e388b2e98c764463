import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { LocalStorage } from "../../storage/local";
import type { TestingTaskRow } from "../../testing/analyzer";
import { summaryOf } from "../../testing/analyzers";
import { analyzeLlmUser } from "../../testing/llm/analyze";
import type { LlmColumns } from "../../testing/llm/columns";
import { applications, companies, processingItems, testingTasks, users } from "../schema";
import { storeDemoCsv } from "./testing";

const APPLICATION = "Support chatbot";
export const DEMO_LLM_DOCUMENT = "Support chatbot responses, fairness prompts.csv";
const TEST_NAME = "Fairness of the chatbot's replies by gender and ethnicity";
const COLUMNS: LlmColumns = {
  prompt_id: "prompt_id",
  prompt: "prompt",
  response: "response",
  language: "language",
  protected: { gender: "gender", ethnicity: "ethnicity" },
};
const DAY = 86_400_000;

/**
 * The demo's LLM fairness test: the shipped responses file (generate-demo-llm-responses.ts) as a document of the
 * support chatbot, and a ready fairness_llm_user test over it, ten days old, whose results the real analysis
 * computes now. After the app is built, since files live in its storage; with S3 storage the demo has none.
 */
export async function seedDemoLlmTesting(app: FastifyInstance): Promise<void> {
  if (!(app.storage instanceof LocalStorage)) return;
  const db = app.db;
  const [found] = await db
    .select({ application: applications, ownerFirst: users.firstName, ownerLast: users.lastName })
    .from(applications)
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .leftJoin(users, eq(users.id, applications.ownerId))
    .where(and(eq(companies.name, "Demo Co"), eq(applications.name, APPLICATION)));
  if (!found) return;
  const { application } = found;

  const bytes = await readFile(new URL("./files/demo-llm-responses.csv", import.meta.url));
  const finishedAt = new Date(Date.now() - 10 * DAY);
  const at = (secondsBefore: number) => new Date(finishedAt.getTime() - secondsBefore * 1000).toISOString();
  const starter = { id: application.ownerId, name: found.ownerFirst ? `${found.ownerFirst} ${found.ownerLast}` : "Steward demo data" };
  const documentId = await storeDemoCsv(db, app.storage, application, { name: DEMO_LLM_DOCUMENT, bytes, starter, createdAt: new Date(finishedAt.getTime() - 3600_000) });
  const task = {
    id: randomUUID(),
    companyId: application.companyId,
    applicationId: application.id,
    dataSource: "fairness_llm_user",
    name: TEST_NAME,
    documentId,
    columns: COLUMNS,
    startedById: starter.id,
    startedByName: starter.name,
  } as const;

  // The figures are the analysis's own, computed now from the file: never written by hand.
  const results = await analyzeLlmUser({ db, storage: app.storage, config: app.config, task: task as unknown as TestingTaskRow, progress: async () => {} });
  await db.transaction(async (tx) => {
    const [testItem] = await tx.insert(processingItems).values({ companyId: application.companyId, kind: "test", status: "ready", attempts: 1 }).returning();
    await tx.insert(testingTasks).values({
      ...task,
      processingItemId: testItem.id,
      rowsRead: results.provenance.rows_read,
      history: [
        { status: "created", at: at(30) },
        { status: "waiting", at: at(30) },
        { status: "analyzing", at: at(29) },
        { status: "ready", at: at(0) },
      ],
      summary: summaryOf("fairness_llm_user", results),
      results,
      finishedAt,
      createdAt: new Date(at(30)),
      updatedAt: finishedAt,
    });
  });
}
