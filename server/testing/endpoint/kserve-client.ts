import type http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { TESTING_ERRORS } from "../../../domain/entities/testing-task";
import { TestingFailure } from "../analyzer";
import type { Allowlist } from "./allowlist";
import { AnswerTooLarge, pinnedAgent, postPinned, RequestTimedOut, retryable, retryAfterMs, type PinnedAnswer } from "./pinned-request";
import { EndpointRefused, resolveTarget, type Resolve, type Target } from "./target-policy";

/**
 * A model endpoint speaking the KServe / TensorFlow Serving V1 predict protocol: POST
 * `{"instances": [{feature: value, …}, …]}`, answered `{"predictions": [p, …]}` with one prediction per
 * instance, each a number (a score, or a decision 1/0), a boolean, or `{"score": n}`. The bearer token is
 * sent when one is stored. Each request has a time limit; network failures, time-outs, 5xx and 429 are
 * retried (twice by default, with growing pauses), a 4xx never is (the request itself is wrong).
 */
export interface CallOptions {
  timeoutMs: number;
  retries: number;
  /** The pause before retry n (1-based). */
  backoffMs(retry: number): number;
  /** Tests swap the resolver; calls use the system's. */
  resolve?: Resolve;
}

export const DEFAULT_CALL_OPTIONS: CallOptions = { timeoutMs: 10_000, retries: 2, backoffMs: (retry) => 300 * 3 ** (retry - 1) };

/** Instances per request. */
export const BATCH_SIZE = 100;
/** An answer to 100 instances has no business being larger. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

export interface EndpointSettings {
  url: string;
  token: string | null;
}

export type Instance = Record<string, string | number>;

/** The refusal of the target policy as a task's error. */
export const refusalFailure = (refused: EndpointRefused) =>
  new TestingFailure(TESTING_ERRORS.endpointRefused, { host: refused.host, reason: refused.reason, detail: refused.message });

const answerFailure = (batch: number, detail: string) => new TestingFailure(TESTING_ERRORS.endpointAnswer, { batch, detail });

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
    throw answerFailure(batch, "the answer is not JSON");
  }
  const predictions = (parsed as { predictions?: unknown })?.predictions;
  if (!Array.isArray(predictions)) throw answerFailure(batch, 'the answer has no "predictions" list');
  if (predictions.length !== expected) throw answerFailure(batch, `${predictions.length} predictions for ${expected} instances`);
  return predictions.map((prediction, i) => {
    const value = predictionValue(prediction);
    if (value === null) throw answerFailure(batch, `prediction ${i + 1} is not a number`);
    return value;
  });
}


/** A connection to one endpoint for one run: the target is checked once and every batch goes to that address. */
export class KserveClient {
  private constructor(
    private readonly target: Target,
    private readonly agent: http.Agent,
    private readonly token: string | null,
    private readonly options: CallOptions,
  ) {}

  /** Checks the endpoint against the policy; a refusal is the task's `endpointRefused`. */
  static async open(endpoint: EndpointSettings, allowlist: Allowlist, options: CallOptions = DEFAULT_CALL_OPTIONS): Promise<KserveClient> {
    try {
      const target = await resolveTarget(endpoint.url, allowlist, options.resolve);
      return new KserveClient(target, pinnedAgent(target), endpoint.token, options);
    } catch (error) {
      throw error instanceof EndpointRefused ? refusalFailure(error) : error;
    }
  }

  /** The model's predictions for one batch (numbered from 1 in messages), retried as the protocol allows. */
  async predict(instances: readonly Instance[], batch: number): Promise<number[]> {
    const body = JSON.stringify({ instances });
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json", "user-agent": "Steward fairness testing" };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.options.retries;
      let answer: PinnedAnswer;
      try {
        answer = await postPinned(this.target, this.agent, { headers, body, timeoutMs: this.options.timeoutMs, maxAnswerBytes: MAX_ANSWER_BYTES });
      } catch (error) {
        if (error instanceof AnswerTooLarge) throw answerFailure(batch, error.message);
        if (last) throw this.networkFailure(error, batch);
        await sleep(this.options.backoffMs(attempt + 1));
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) return readPredictions(answer.body, instances.length, batch);
      if (!retryable(answer.status) || last) throw new TestingFailure(TESTING_ERRORS.endpointStatus, { status: answer.status, batch });
      await sleep(Math.max(this.options.backoffMs(attempt + 1), retryAfterMs(answer) ?? 0));
    }
  }

  private networkFailure(error: unknown, batch: number): TestingFailure {
    if (error instanceof RequestTimedOut) return new TestingFailure(TESTING_ERRORS.endpointTimeout, { batch, seconds: this.options.timeoutMs / 1000 });
    const code = (error as NodeJS.ErrnoException)?.code;
    return answerFailure(batch, `the connection failed${code ? ` (${code})` : ""}`);
  }

  close(): void {
    this.agent.destroy();
  }
}
