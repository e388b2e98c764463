import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { CSV } from "../../../domain/entities/document";
import type { MlColumns } from "../../../domain/entities/testing-task";
import { summarizeResults } from "../../../domain/testing/fairness";
import { LocalStorage } from "../../storage/local";
import { documentKey } from "../../storage/types";
import type { TestingTaskRow } from "../../testing/analyzer";
import { analyzeMlUser } from "../../testing/ml-user";
import { sniffDocument } from "../../uploads/documents";
import { applicationDocuments, applications, companies, processingItems, testingTasks, users } from "../schema";

const APPLICATION = "Interview shortlister";
const DOCUMENT = "Shortlisting decisions, last quarter.csv";
const TEST_NAME = "Bias audit of last quarter's shortlisting";
const COLUMNS: MlColumns = {
  outcome: "selected",
  outcome_type: "binary",
  label: "qualified",
  protected: { sex: "sex", race_ethnicity: "race_ethnicity", age_band: "age_band" },
};
const DAY = 86_400_000;

/**
 * The demo's fairness test: the shipped decisions file (generate-demo-decisions.ts) as a document of the hiring
 * application, and a ready fairness_ml_user test over it, three weeks old, whose results the real analysis computes
 * now. After the app is built, since files live in its storage; with S3 storage the demo has none.
 */
export async function seedDemoTesting(app: FastifyInstance): Promise<void> {
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

  const bytes = await readFile(new URL("./files/demo-decisions.csv", import.meta.url));
  const documentId = randomUUID();
  const storageKey = documentKey(application.companyId, application.id, documentId);
  await (await app.storage.receive(storageKey, Readable.from([bytes]), bytes.length)).commit();
  const stored = (await app.storage.open(storageKey))!;
  // Checked as an upload would be, so a file that stopped being a CSV fails here rather than in the demo.
  if ((await sniffDocument(stored)) !== CSV) throw new Error("the demo decisions are not a CSV the document check accepts");

  const finishedAt = new Date(Date.now() - 21 * DAY);
  const at = (secondsBefore: number) => new Date(finishedAt.getTime() - secondsBefore * 1000).toISOString();
  const starter = { id: application.ownerId, name: found.ownerFirst ? `${found.ownerFirst} ${found.ownerLast}` : "Steward demo data" };
  const task = {
    id: randomUUID(),
    companyId: application.companyId,
    applicationId: application.id,
    dataSource: "fairness_ml_user",
    name: TEST_NAME,
    documentId,
    columns: COLUMNS,
    startedById: starter.id,
    startedByName: starter.name,
  } as const;
  await db.transaction(async (tx) => {
    const [item] = await tx.insert(processingItems).values({ companyId: application.companyId, kind: "document", status: "ready" }).returning();
    await tx.insert(applicationDocuments).values({
      id: documentId,
      companyId: application.companyId,
      applicationId: application.id,
      name: DOCUMENT,
      storageKey,
      contentType: CSV,
      size: bytes.length,
      processingItemId: item.id,
      uploadedById: starter.id,
      uploadedByName: starter.name,
      createdAt: new Date(finishedAt.getTime() - 3600_000),
    });
  });

  // The figures are the analysis's own, computed now from the file: never written by hand.
  const results = await analyzeMlUser({ db, storage: app.storage, config: app.config, task: task as unknown as TestingTaskRow, progress: async () => {} });
  await db.transaction(async (tx) => {
    const [testItem] = await tx.insert(processingItems).values({ companyId: application.companyId, kind: "test", status: "ready", attempts: 1 }).returning();
    await tx.insert(testingTasks).values({
      ...task,
      processingItemId: testItem.id,
      rowsRead: results.provenance.rows_read,
      history: [
        { status: "created", at: at(90) },
        { status: "waiting", at: at(90) },
        { status: "analyzing", at: at(88) },
        { status: "ready", at: at(0) },
      ],
      summary: summarizeResults(results.categories),
      results,
      finishedAt,
      createdAt: new Date(at(90)),
      updatedAt: finishedAt,
    });
  });
}
