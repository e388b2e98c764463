import type http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { TESTING_ERRORS } from "../../../domain/entities/testing-task";
import { TestingFailure } from "../analyzer";
import type { Allowlist } from "./allowlist";
import { DEFAULT_CALL_OPTIONS, refusalFailure, type CallOptions } from "./kserve-client";
import { AnswerTooLarge, pinnedAgent, postPinned, RequestTimedOut, retryable, retryAfterMs, type PinnedAnswer } from "./pinned-request";
import { EndpointRefused, resolveTarget, type Target } from "./target-policy";

/**
 * An LLM endpoint speaking the OpenAI-compatible chat-completions protocol: the registered URL is the full
 * chat-completions URL; each prompt is POSTed alone as `{model, messages: [{role: "user", content}],
 * temperature: 0}` (the most repeatable answer, so variants are compared and not the sampling) and the
 * answer is `choices[0].message.content`. Same protections as the KServe client: the target policy, a
 * connection pinned to the checked address, a time limit per request, retries of network failures, 429 and
 * 5xx (honouring Retry-After), none of a 4xx, and a cap on the answer's size.
 */
export interface ChatEndpointSettings {
  url: string;
  token: string | null;
  /** The `model` field; omitted when none is registered (servers of one model do without). */
  model: string | null;
}

/** Prompts in flight at once: enough to keep a model busy, few enough not to trip its rate limits. */
export const CHAT_CONCURRENCY = 4;
/** One chat answer has no business being larger. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** Failures name the prompt (numbered from 1) both as `prompt` and, for the task texts, as `batch`. */
const answerFailure = (prompt: number, detail: string) => new TestingFailure(TESTING_ERRORS.endpointAnswer, { prompt, batch: prompt, detail });


/** The text of a message's content: a string, or the text parts of a list of parts. */
function contentText(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  const parts = content.filter((p): p is { text: string } => typeof (p as { text?: unknown })?.text === "string");
  return parts.length > 0 ? parts.map((p) => p.text).join("") : null;
}

/** The answer's text, or the reason it cannot be used. A model's own refusal (`message.refusal`) is its answer. */
export function readChatAnswer(body: Buffer, prompt: number): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    throw answerFailure(prompt, "the answer is not JSON");
  }
  const choices = (parsed as { choices?: unknown })?.choices;
  if (!Array.isArray(choices) || choices.length === 0) throw answerFailure(prompt, 'the answer has no "choices"');
  const message = (choices[0] as { message?: { content?: unknown; refusal?: unknown } })?.message;
  const text = contentText(message?.content) ?? (typeof message?.refusal === "string" ? message.refusal : null);
  if (text === null) throw answerFailure(prompt, 'the first choice has no "message.content" text');
  return text;
}

/** A connection to one chat endpoint for one run: the target is checked once and every prompt goes to that address. */
export class OpenAiChatClient {
  private constructor(
    private readonly target: Target,
    private readonly agent: http.Agent,
    private readonly endpoint: ChatEndpointSettings,
    private readonly options: CallOptions,
  ) {}

  /** Checks the endpoint against the policy; a refusal is the failure `endpointRefused`. */
  static async open(endpoint: ChatEndpointSettings, allowlist: Allowlist, options: CallOptions = DEFAULT_CALL_OPTIONS): Promise<OpenAiChatClient> {
    try {
      const target = await resolveTarget(endpoint.url, allowlist, options.resolve);
      return new OpenAiChatClient(target, pinnedAgent(target, CHAT_CONCURRENCY), endpoint, options);
    } catch (error) {
      throw error instanceof EndpointRefused ? refusalFailure(error) : error;
    }
  }

  /** The model's answer to one prompt (numbered from 1 in messages), retried as the protocol allows. */
  async complete(prompt: string, number: number): Promise<string> {
    const body = JSON.stringify({
      ...(this.endpoint.model ? { model: this.endpoint.model } : {}),
      messages: [{ role: "user", content: prompt }],
      temperature: 0,
    });
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json", "user-agent": "Steward fairness testing" };
    if (this.endpoint.token) headers.authorization = `Bearer ${this.endpoint.token}`;
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.options.retries;
      let answer: PinnedAnswer;
      try {
        answer = await postPinned(this.target, this.agent, { headers, body, timeoutMs: this.options.timeoutMs, maxAnswerBytes: MAX_ANSWER_BYTES });
      } catch (error) {
        if (error instanceof AnswerTooLarge) throw answerFailure(number, error.message);
        if (last) throw this.networkFailure(error, number);
        await sleep(this.options.backoffMs(attempt + 1));
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) return readChatAnswer(answer.body, number);
      if (!retryable(answer.status) || last) throw new TestingFailure(TESTING_ERRORS.endpointStatus, { status: answer.status, prompt: number, batch: number });
      await sleep(Math.max(this.options.backoffMs(attempt + 1), retryAfterMs(answer) ?? 0));
    }
  }

  /**
   * The answers to every prompt, in order, `concurrency` at a time. The first failure stops the run: no
   * further prompt is sent, those in flight are awaited, and that failure is thrown. With a `deadlineMs`,
   * a prompt not yet sent when that much time has passed fails the run as a time-out.
   */
  async completeAll(prompts: readonly string[], { concurrency = CHAT_CONCURRENCY, deadlineMs }: { concurrency?: number; deadlineMs?: number } = {}): Promise<string[]> {
    const answers = new Array<string>(prompts.length);
    const endsAt = deadlineMs === undefined ? Infinity : Date.now() + deadlineMs;
    let next = 0;
    let failure: { error: unknown } | null = null;
    const worker = async () => {
      while (failure === null && next < prompts.length) {
        const index = next++;
        if (Date.now() > endsAt) {
          failure = { error: new TestingFailure(TESTING_ERRORS.endpointTimeout, { prompt: index + 1, batch: index + 1, seconds: deadlineMs! / 1000 }) };
          break;
        }
        try {
          answers[index] = await this.complete(prompts[index], index + 1);
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, prompts.length) }, worker));
    if (failure !== null) throw (failure as { error: unknown }).error;
    return answers;
  }

  private networkFailure(error: unknown, prompt: number): TestingFailure {
    if (error instanceof RequestTimedOut) return new TestingFailure(TESTING_ERRORS.endpointTimeout, { prompt, batch: prompt, seconds: this.options.timeoutMs / 1000 });
    const code = (error as NodeJS.ErrnoException)?.code;
    return answerFailure(prompt, `the connection failed${code ? ` (${code})` : ""}`);
  }

  close(): void {
    this.agent.destroy();
  }
}
