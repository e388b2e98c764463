import type { Allowlist } from "../../outbound/allowlist";
import { answerFailure, DEFAULT_CALL_OPTIONS, ModelClient, type CallOptions } from "./model-client";

export { DEFAULT_CALL_OPTIONS, refusalFailure, type CallOptions } from "./model-client";

/**
 * A model endpoint speaking the KServe / TensorFlow Serving V1 predict protocol: POST
 * `{"instances": [{feature: value, …}, …]}`, answered `{"predictions": [p, …]}` with one prediction per
 * instance, each a number (a score, or a decision 1/0), a boolean, or `{"score": n}`. Called as every model is
 * (model-client.ts: the outbound policy, time limits and retries).
 */
/** Instances per request. */
export const BATCH_SIZE = 100;
/** An answer to 100 instances has no business being larger. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

export interface EndpointSettings {
  url: string;
  token: string | null;
}

export type Instance = Record<string, string | number>;

/** One prediction as a number: scores as they are, booleans as 1/0, `{"score": n}` by its score. Null otherwise. */
function predictionValue(prediction: unknown): number | null {
  if (typeof prediction === "number") return Number.isFinite(prediction) ? prediction : null;
  if (typeof prediction === "boolean") return prediction ? 1 : 0;
  if (prediction && typeof prediction === "object" && !Array.isArray(prediction)) {
    const score = (prediction as { score?: unknown }).score;
    return typeof score === "number" && Number.isFinite(score) ? score : null;
  }
  return null;
}

/** The predictions of one answer, or the reason it cannot be used. */
export function readPredictions(body: Buffer, expected: number, batch: number): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    throw answerFailure({ batch }, "the answer is not JSON");
  }
  const predictions = (parsed as { predictions?: unknown })?.predictions;
  if (!Array.isArray(predictions)) throw answerFailure({ batch }, 'the answer has no "predictions" list');
  if (predictions.length !== expected) throw answerFailure({ batch }, `${predictions.length} predictions for ${expected} instances`);
  return predictions.map((prediction, i) => {
    const value = predictionValue(prediction);
    if (value === null) throw answerFailure({ batch }, `prediction ${i + 1} is not a number`);
    return value;
  });
}


/** A KServe endpoint for one run: the target is checked once and every batch goes to that address. */
export class KserveClient {
  private constructor(private readonly model: ModelClient) {}

  /** Checks the endpoint against the policy; a refusal is the task's `endpointRefused`. */
  static async open(endpoint: EndpointSettings, allowlist: Allowlist, options: CallOptions = DEFAULT_CALL_OPTIONS): Promise<KserveClient> {
    return new KserveClient(await ModelClient.open(endpoint, allowlist, options));
  }

  /** The model's predictions for one batch (numbered from 1 in messages). */
  async predict(instances: readonly Instance[], batch: number): Promise<number[]> {
    const answer = await this.model.post(JSON.stringify({ instances }), { batch }, MAX_ANSWER_BYTES);
    return readPredictions(answer, instances.length, batch);
  }

  close(): void {
    this.model.close();
  }
}
