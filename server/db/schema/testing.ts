import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { DATA_SOURCES, type Population, type TestingResults, type TestingStatus, type TestingSummary } from "../../../domain/entities/testing-task";
import { MODEL_ENDPOINT_PROTOCOLS } from "../../../domain/entities/model-endpoint";
import { createdAt, id, inList, updatedAt, version } from "./columns";
import { companyId } from "./tenant";
import { users } from "./access";
import { applicationDocuments, applicationId, processingItems } from "./applications";

/**
 * A fairness test of one application. Its status lives on its processing item (the queue); the task keeps
 * what was asked (data source, document, column mapping or population), how far the run got and what it found.
 */
export const testingTasks = pgTable(
  "testing_tasks",
  {
    id: id(),
    companyId: companyId(),
    applicationId: applicationId(),
    processingItemId: uuid()
      .notNull()
      .unique()
      .references(() => processingItems.id),
    dataSource: text({ enum: DATA_SOURCES }).notNull(),
    name: text(),
    /** The analysed file; kept null when the document is deleted later (the results stay, with its hash). */
    documentId: uuid().references(() => applicationDocuments.id, { onDelete: "set null" }),
    columns: jsonb().$type<Record<string, unknown>>(),
    population: jsonb().$type<Population>(),
    /** Values for the placeholders of the error key on the processing item. */
    errorParams: jsonb().$type<Record<string, string | number>>(),
    /** Rows read so far (written every few thousand rows while analyzing). */
    rowsRead: integer().notNull().default(0),
    history: jsonb().$type<{ status: TestingStatus; at: string }[]>().notNull().default([]),
    summary: jsonb().$type<TestingSummary>(),
    results: jsonb().$type<TestingResults>(),
    startedById: uuid().references(() => users.id, { onDelete: "set null" }),
    startedByName: text().notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("testing_tasks_application_idx").on(t.applicationId, t.createdAt, t.id),
    // The latest ready test of each application (overview, My Work, the yearly reminder).
    index("testing_tasks_finished_idx").on(t.companyId, t.finishedAt),
    check("testing_tasks_data_source_check", sql`${t.dataSource} in (${inList(DATA_SOURCES)})`),
  ],
);

/** The model an application's synthetic tests call: one per application. The token is stored encrypted. */
export const modelEndpoints = pgTable(
  "model_endpoints",
  {
    applicationId: applicationId().primaryKey(),
    companyId: companyId(),
    url: text().notNull(),
    protocol: text({ enum: MODEL_ENDPOINT_PROTOCOLS }).notNull(),
    /** The model name an OpenAI-compatible endpoint is asked for. */
    model: text(),
    /** AES-256-GCM of the bearer token; never answered by the API. */
    tokenCiphertext: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [check("model_endpoints_protocol_check", sql`${t.protocol} in (${inList(MODEL_ENDPOINT_PROTOCOLS)})`)],
);
