import { and, desc, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { populationSchema, type Population } from "../../../domain/entities/testing-task";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { testingTasks } from "../../db/schema";
import { TestingFailure } from "../analyzer";
import { modelInstance, populationRows } from "../synthetic/population";
import { DEFAULT_CALL_OPTIONS, KserveClient } from "./kserve-client";
import { OpenAiChatClient } from "./openai-chat-client";
import { endpointForCall, type ModelEndpointRow } from "./store";
import { tokenCipher } from "../../files/secret-cipher";

/** The answer of a check: whether the endpoint answered a small batch usably, and if not why (a TESTING_ERRORS key). */
export const endpointCheckSchema = z.object({
  ok: z.boolean(),
  error: z.string().optional(),
  error_params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** Instances sent. */
  instances: z.number().int(),
});
export type EndpointCheck = z.infer<typeof endpointCheckSchema>;

export const endpointCheckBodySchema = z
  .strictObject({
    /** The population whose first rows are sent; by default the one of the application's latest synthetic test. */
    population: populationSchema.optional(),
  })
  // A POST without a body arrives as null.
  .nullish();

/** Instances a check sends at most. */
const CHECK_INSTANCES = 10;

/** The population of the application's most recent synthetic test, if any: realistic instances for a check. */
export async function latestPopulation(db: Db, companyId: string, applicationId: string): Promise<Population | null> {
  const [latest] = await db
    .select({ population: testingTasks.population })
    .from(testingTasks)
    .where(and(eq(testingTasks.companyId, companyId), eq(testingTasks.applicationId, applicationId), isNotNull(testingTasks.population)))
    .orderBy(desc(testingTasks.createdAt))
    .limit(1);
  const parsed = populationSchema.safeParse(latest?.population);
  return parsed.success ? parsed.data : null;
}

/**
 * Sends one small batch (the first rows of the population; an empty batch without one, which checks that
 * the endpoint is reachable and answers the protocol) without retries, and says whether it worked.
 */
export async function checkEndpoint(row: ModelEndpointRow, config: Config, population: Population | null): Promise<EndpointCheck> {
  const instances = [];
  if (population) {
    for (const r of populationRows(population)) {
      instances.push(modelInstance(population, r));
      if (instances.length === CHECK_INSTANCES) break;
    }
  }
  if (row.protocol === "openai_chat") return checkChatEndpoint(row, config);
  let client: KserveClient | null = null;
  try {
    const endpoint = endpointForCall(row, await tokenCipher(config));
    client = await KserveClient.open(endpoint, config.MODEL_ENDPOINT_ALLOWLIST, {
      ...DEFAULT_CALL_OPTIONS,
      timeoutMs: config.MODEL_ENDPOINT_TIMEOUT_MS,
      retries: 0,
    });
    await client.predict(instances, 1);
    return { ok: true, instances: instances.length };
  } catch (error) {
    if (!(error instanceof TestingFailure)) throw error;
    return { ok: false, error: error.key, error_params: error.params, instances: instances.length };
  } finally {
    client?.close();
  }
}

/** What a chat endpoint's check asks: short, harmless, answered by any model. */
const CHAT_CHECK_PROMPT = "Reply with the single word OK.";

/** A chat endpoint's check: one short prompt, without retries, answered with any text. */
async function checkChatEndpoint(row: ModelEndpointRow, config: Config): Promise<EndpointCheck> {
  let client: OpenAiChatClient | null = null;
  try {
    const endpoint = endpointForCall(row, await tokenCipher(config));
    client = await OpenAiChatClient.open({ url: endpoint.url, token: endpoint.token, model: row.model }, config.MODEL_ENDPOINT_ALLOWLIST, {
      ...DEFAULT_CALL_OPTIONS,
      timeoutMs: config.MODEL_ENDPOINT_TIMEOUT_MS,
      retries: 0,
    });
    await client.complete(CHAT_CHECK_PROMPT, 1);
    return { ok: true, instances: 1 };
  } catch (error) {
    if (!(error instanceof TestingFailure)) throw error;
    return { ok: false, error: error.key, error_params: error.params, instances: 1 };
  } finally {
    client?.close();
  }
}
