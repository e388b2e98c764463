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
import type { ApplicationRow } from "../../applications/store";
import type { Db } from "../client";
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
  const finishedAt = new Date(Date.now() - 21 * DAY);
  const at = (secondsBefore: number) => new Date(finishedAt.getTime() - secondsBefore * 1000).toISOString();
  const starter = { id: application.ownerId, name: found.ownerFirst ? `${found.ownerFirst} ${found.ownerLast}` : "Steward demo data" };
  const documentId = await storeDemoCsv(db, app.storage, application, { name: DOCUMENT, bytes, starter, createdAt: new Date(finishedAt.getTime() - 3600_000) });
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

/**
 * Stores a shipped CSV as a checked (`ready`) document of the application, as an upload would leave it; the file is
 * sniffed first, so one that stopped being a CSV fails the seed rather than the demo. Answers its id.
 */
export async function storeDemoCsv(
  db: Db,
  storage: LocalStorage,
  application: Pick<ApplicationRow, "id" | "companyId">,
  file: { name: string; bytes: Buffer; starter: { id: string | null; name: string }; createdAt: Date },
): Promise<string> {
  const documentId = randomUUID();
  const storageKey = documentKey(application.companyId, application.id, documentId);
  await (await storage.receive(storageKey, Readable.from([file.bytes]), file.bytes.length)).commit();
  const stored = (await storage.open(storageKey))!;
  if ((await sniffDocument(stored)) !== CSV) throw new Error(`the demo file ${file.name} is not a CSV the document check accepts`);
  await db.transaction(async (tx) => {
    const [item] = await tx.insert(processingItems).values({ companyId: application.companyId, kind: "document", status: "ready" }).returning();
    await tx.insert(applicationDocuments).values({
      id: documentId,
      companyId: application.companyId,
      applicationId: application.id,
      name: file.name,
      storageKey,
      contentType: CSV,
      size: file.bytes.length,
      processingItemId: item.id,
      uploadedById: file.starter.id,
      uploadedByName: file.starter.name,
      createdAt: file.createdAt,
    });
  });
  return documentId;
}
