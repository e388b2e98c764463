import type { FastifyRequest } from "fastify";
import { byUrgency, type MyWorkItem } from "../../domain/entities/my-work";
import { applicationWork } from "../applications/my-work";
import type { Db } from "../db/client";
import { incidentWork } from "../incidents/my-work";
import { testingWork } from "../testing/my-work";
import type { WorkSource } from "./work-source";

/** Every area that puts work on My Work: a new area adds its source here, My Work itself does not change. */
const WORK_SOURCES: readonly WorkSource[] = [applicationWork, incidentWork, testingWork];

/** Everything waiting for the signed-in person, from every area, most urgent first. */
export async function myWork(db: Db, request: FastifyRequest): Promise<{ items: MyWorkItem[] }> {
  const parts = await Promise.all(WORK_SOURCES.map((source) => source(db, request)));
  return { items: parts.flat().sort(byUrgency) };
}
