import { sql } from "drizzle-orm";
import type { TestingStatus } from "../../domain/entities/testing-task";
import { testingTasks } from "../db/schema";

/** `history || [{status, at}]`: a status move appended to the task's history in the same statement that makes it. */
export const historyWith = (status: TestingStatus, at: Date) => sql`${testingTasks.history} || ${JSON.stringify([{ status, at: at.toISOString() }])}::jsonb`;
