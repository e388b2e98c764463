import type http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { TESTING_ERRORS } from "../../../domain/entities/testing-task";
import { TestingFailure } from "../analyzer";
import type { Allowlist } from "../../outbound/allowlist";
import { AnswerTooLarge, pinnedAgent, postPinned, RequestTimedOut, retryable, retryAfterMs, type PinnedAnswer } from "../../outbound/pinned-request";
import { OutboundRefused, resolveTarget, type OutboundPolicy, type Resolve, type Target } from "../../outbound/target-policy";

/**
 * How a model is called: each request has a time limit; network failures, time-outs, 5xx and 429 are retried
 * (twice by default, with growing pauses, and no sooner than a Retry-After asks), a 4xx never is (the request
 * itself is wrong).
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

/** Model endpoints are called only on hosts the operator listed in MODEL_ENDPOINT_ALLOWLIST. */
export const modelEndpointPolicy = (allowlist: Allowlist): OutboundPolicy => ({
  allowlist,
  setting: "MODEL_ENDPOINT_ALLOWLIST",
  listedOnly: true,
  noun: "model endpoint",
});

/** The refusal of the target policy as a task's error. */
export const refusalFailure = (refused: OutboundRefused) =>
  new TestingFailure(TESTING_ERRORS.endpointRefused, { host: refused.host, reason: refused.reason, detail: refused.message });

/** Which request a failure is about, in the task's error texts (`{batch: 3}`, or a prompt's number as both prompt and batch). */
export type RequestPlace = Record<string, number>;

/** A request's failure to read its answer: `endpointAnswer` with what was wrong. */
export const answerFailure = (place: RequestPlace, detail: string) => new TestingFailure(TESTING_ERRORS.endpointAnswer, { ...place, detail });

/**
 * A connection to one model endpoint for one run, whatever its protocol: the target is checked once against the
 * outbound policy and every request goes to that address, with the bearer token when one is stored.
 */
export class ModelClient {
  private constructor(
    private readonly target: Target,
    private readonly agent: http.Agent,
    private readonly token: string | null,
    readonly options: CallOptions,
  ) {}

  /** Checks the endpoint against the policy; a refusal is the task's `endpointRefused`. `connections` at most at once. */
  static async open(endpoint: { url: string; token: string | null }, allowlist: Allowlist, options: CallOptions, connections = 1): Promise<ModelClient> {
    try {
      const target = await resolveTarget(endpoint.url, modelEndpointPolicy(allowlist), options.resolve);
      return new ModelClient(target, pinnedAgent(target, connections), endpoint.token, options);
    } catch (error) {
      throw error instanceof OutboundRefused ? refusalFailure(error) : error;
    }
  }

  /** POSTs a JSON body and answers the body of a 2xx answer, retried as the protocol allows; anything else is the task's failure naming `place`. */
  async post(body: string, place: RequestPlace, maxAnswerBytes: number): Promise<Buffer> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json", "user-agent": "Steward fairness testing" };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.options.retries;
      let answer: PinnedAnswer;
      try {
        answer = await postPinned(this.target, this.agent, { headers, body, timeoutMs: this.options.timeoutMs, maxAnswerBytes });
      } catch (error) {
        if (error instanceof AnswerTooLarge) throw answerFailure(place, error.message);
        if (last) throw this.networkFailure(error, place);
        await sleep(this.options.backoffMs(attempt + 1));
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) return answer.body;
      if (!retryable(answer.status) || last) throw new TestingFailure(TESTING_ERRORS.endpointStatus, { status: answer.status, ...place });
      await sleep(Math.max(this.options.backoffMs(attempt + 1), retryAfterMs(answer) ?? 0));
    }
  }

  private networkFailure(error: unknown, place: RequestPlace): TestingFailure {
    if (error instanceof RequestTimedOut) return new TestingFailure(TESTING_ERRORS.endpointTimeout, { ...place, seconds: this.options.timeoutMs / 1000 });
    const code = (error as NodeJS.ErrnoException)?.code;
    return answerFailure(place, `the connection failed${code ? ` (${code})` : ""}`);
  }

  close(): void {
    this.agent.destroy();
  }
}
