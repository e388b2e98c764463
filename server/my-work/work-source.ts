import type { FastifyRequest } from "fastify";
import type { MyWorkItem } from "../../domain/entities/my-work";
import type { Db } from "../db/client";

/**
 * One area's part of My Work: what in that area waits for the signed-in person, in any order (My Work sorts
 * them all by urgency). A source lists only what the caller can read, and its kinds are MY_WORK_KINDS.
 */
export type WorkSource = (db: Db, request: FastifyRequest) => Promise<MyWorkItem[]>;
