import { TESTING_ERRORS } from "../../../domain/entities/testing-task";
import { TestingFailure } from "../analyzer";
import type { Allowlist } from "../../outbound/allowlist";
import { answerFailure as failure, DEFAULT_CALL_OPTIONS, ModelClient, type CallOptions } from "./model-client";

/**
 * An LLM endpoint speaking the OpenAI-compatible chat-completions protocol: the registered URL is the full
 * chat-completions URL; each prompt is POSTed alone as `{model, messages: [{role: "user", content}],
 * temperature: 0}` (the most repeatable answer, so variants are compared and not the sampling) and the
 * answer is `choices[0].message.content`. Called as every model is (model-client.ts: the outbound policy, a
 * connection pinned to the checked address, time limits and retries), with a cap on the answer's size.
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
const place = (prompt: number) => ({ prompt, batch: prompt });
const answerFailure = (prompt: number, detail: string) => failure(place(prompt), detail);


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

/** A chat endpoint for one run: the target is checked once and every prompt goes to that address. */
export class OpenAiChatClient {
  private constructor(
    private readonly model: ModelClient,
    private readonly name: string | null,
  ) {}

  /** Checks the endpoint against the policy; a refusal is the failure `endpointRefused`. */
  static async open(endpoint: ChatEndpointSettings, allowlist: Allowlist, options: CallOptions = DEFAULT_CALL_OPTIONS): Promise<OpenAiChatClient> {
    return new OpenAiChatClient(await ModelClient.open(endpoint, allowlist, options, CHAT_CONCURRENCY), endpoint.model);
  }

  /** The model's answer to one prompt (numbered from 1 in messages). */
  async complete(prompt: string, number: number): Promise<string> {
    const body = JSON.stringify({ ...(this.name ? { model: this.name } : {}), messages: [{ role: "user", content: prompt }], temperature: 0 });
    return readChatAnswer(await this.model.post(body, place(number), MAX_ANSWER_BYTES), number);
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

  close(): void {
    this.model.close();
  }
}
