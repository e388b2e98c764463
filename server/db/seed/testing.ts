import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { CSV } from "../../../domain/entities/document";
import type { DataSource, MlColumns } from "../../../domain/entities/testing-task";
import { LocalStorage } from "../../storage/local";
import { documentKey, type Storage } from "../../storage/types";
import type { ApplicationRow } from "../../applications/row";
import type { Db } from "../client";
import type { TestingTaskRow } from "../../testing/analyzer";
import { ANALYZERS, summaryOf } from "../../testing/analyzers";
import { sniffDocument } from "../../uploads/documents";
import { applicationDocuments, applications, companies, processingItems, testingTasks, users } from "../schema";

/** A demo application's shipped file and the ready test over it. */
export interface DemoTest {
  application: string;
  document: string;
  /** The shipped file, beside this module under files/. */
  file: string;
  name: string;
  dataSource: DataSource;
  columns: Record<string, unknown>;
  /** How long ago the test finished, and how long its run took. */
  daysAgo: number;
  runSeconds: number;
}

const DAY = 86_400_000;

const HIRING_TEST: DemoTest = {
  application: "Interview shortlister",
  document: "Shortlisting decisions, last quarter.csv",
  file: "demo-decisions.csv",
  name: "Bias audit of last quarter's shortlisting",
  dataSource: "fairness_ml_user",
  columns: {
    outcome: "selected",
    outcome_type: "binary",
    label: "qualified",
    protected: { sex: "sex", race_ethnicity: "race_ethnicity", age_band: "age_band" },
  } satisfies MlColumns,
  daysAgo: 21,
  runSeconds: 90,
};

/** The demo's fairness test of decisions: the shipped decisions file (generate-demo-decisions.ts) of the hiring application. */
export const seedDemoTesting = (app: FastifyInstance) => seedDemoTest(app, HIRING_TEST);

/**
 * A demo test: the shipped file as a document of the application, and a ready test over it whose results the real
 * analysis computes now. After the app is built, since files live in its storage; with S3 storage the demo has none.
 */
export async function seedDemoTest(app: FastifyInstance, demo: DemoTest): Promise<void> {
  if (!(app.storage instanceof LocalStorage)) return;
  const db = app.db;
  const [found] = await db
    .select({ application: applications, ownerFirst: users.firstName, ownerLast: users.lastName })
    .from(applications)
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .leftJoin(users, eq(users.id, applications.ownerId))
    .where(and(eq(companies.name, "Demo Co"), eq(applications.name, demo.application)));
  const analyzer = ANALYZERS[demo.dataSource];
  if (!found || !analyzer) return;
  const { application } = found;

  const bytes = await readFile(new URL(`./files/${demo.file}`, import.meta.url));
  const finishedAt = new Date(Date.now() - demo.daysAgo * DAY);
  const at = (secondsBefore: number) => new Date(finishedAt.getTime() - secondsBefore * 1000).toISOString();
  const starter = { id: application.ownerId, name: found.ownerFirst ? `${found.ownerFirst} ${found.ownerLast}` : "Steward demo data" };
  const documentId = await storeDemoCsv(db, app.storage, application, { name: demo.document, bytes, starter, createdAt: new Date(finishedAt.getTime() - 3600_000) });
  const task = {
    id: randomUUID(),
    companyId: application.companyId,
    applicationId: application.id,
    dataSource: demo.dataSource,
    name: demo.name,
    documentId,
    columns: demo.columns,
    startedById: starter.id,
    startedByName: starter.name,
  };

  // The figures are the analysis's own, computed now from the file: never written by hand.
  const results = await analyzer({ db, storage: app.storage, config: app.config, task: task as unknown as TestingTaskRow, progress: async () => {} });
  await db.transaction(async (tx) => {
    const [testItem] = await tx.insert(processingItems).values({ companyId: application.companyId, kind: "test", status: "ready", attempts: 1 }).returning();
    await tx.insert(testingTasks).values({
      ...task,
      processingItemId: testItem.id,
      rowsRead: results.provenance.rows_read,
      history: [
        { status: "created", at: at(demo.runSeconds) },
        { status: "waiting", at: at(demo.runSeconds) },
        { status: "analyzing", at: at(demo.runSeconds - 2) },
        { status: "ready", at: at(0) },
      ],
      summary: summaryOf(results),
      results,
      finishedAt,
      createdAt: new Date(at(demo.runSeconds)),
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
  storage: Storage,
  application: Pick<ApplicationRow, "id" | "companyId">,
  file: { name: string; bytes: Buffer; starter: { id: string | null; name: string }; createdAt: Date },
): Promise<string> {
  const documentId = randomUUID();
  const storageKey = documentKey(application.companyId, application.id, documentId);
  await storage.put(storageKey, file.bytes, CSV);
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
