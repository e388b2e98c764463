import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { LocalStorage } from "../../storage/local";
import { documentKey } from "../../storage/types";
import { applicationDocuments, applications, companies, processingItems } from "../schema";
import { csv, textPdf } from "./demo-files";
import { seedDemoTesting } from "./testing";
import { seedDemoLlmTesting } from "./testing-llm";

const DEMO_DOCUMENTS = [
  {
    application: "CV screening ranker",
    name: "CV screening ranker - model card.pdf",
    bytes: () =>
      textPdf([
        "CV screening ranker - model card",
        "Purpose: ranks job applications so recruiters read the strongest first.",
        "Training data: 48,000 anonymised applications, 2021-2025.",
        "Known limits: under-represents applicants with career breaks.",
        "Human oversight: a recruiter reviews every ranked list.",
      ]),
  },
  {
    application: "CV screening ranker",
    name: "Selection rates by group.csv",
    bytes: () =>
      csv([
        ["group", "applicants", "selected", "selection rate"],
        ["women", "1840", "412", "0.224"],
        ["men", "2015", "498", "0.247"],
        ["over 50", "610", "101", "0.166"],
      ]),
  },
  {
    application: "Support chatbot",
    name: "Support chatbot - evaluation report.pdf",
    bytes: () =>
      textPdf([
        "Support chatbot - evaluation report",
        "Answer accuracy on 500 sampled questions: 92%.",
        "Hand-over to an agent when unsure: 97% of the cases that needed it.",
        "Open item: complaints are not yet always handed over.",
      ]),
  },
];

/**
 * The demo's documents, written through the local storage and queued for the worker as an upload
 * would be (it checks and marks them ready), then the demo's fairness test and its decisions file.
 * Runs after the app is built, since files live in its storage; with S3 storage the demo has no documents.
 */
export async function seedDemoDocuments(app: FastifyInstance): Promise<void> {
  if (!(app.storage instanceof LocalStorage)) return;
  const db = app.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  if (!company) return;
  const names = [...new Set(DEMO_DOCUMENTS.map((d) => d.application))];
  const rows = await db
    .select({ id: applications.id, name: applications.name })
    .from(applications)
    .where(and(eq(applications.companyId, company.id), inArray(applications.name, names)));
  for (const demo of DEMO_DOCUMENTS) {
    const application = rows.find((r) => r.name === demo.application);
    if (!application) continue;
    const id = randomUUID();
    const key = documentKey(company.id, application.id, id);
    const bytes = demo.bytes();
    const received = await app.storage.receive(key, Readable.from(bytes), bytes.length);
    await received.commit();
    await db.transaction(async (tx) => {
      const [item] = await tx.insert(processingItems).values({ companyId: company.id, kind: "document", status: "waiting" }).returning();
      await tx.insert(applicationDocuments).values({
        id,
        companyId: company.id,
        applicationId: application.id,
        name: demo.name,
        storageKey: key,
        processingItemId: item.id,
        uploadedByName: "Steward demo data",
      });
    });
  }
  await seedDemoTesting(app);
  await seedDemoLlmTesting(app);
}
