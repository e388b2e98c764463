import { z } from "zod";
import { problemSchema } from "../../../domain/api/problem";
import { DOCUMENT_MAX_BYTES, type ApplicationDocument } from "../../../domain/entities/document";
import { PROMPT_SETS_VERSION, promptSetRows, type PromptRunBody } from "../../../domain/testing/prompt-sets";
import type { ApplicationRow } from "../../applications/row";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { CurrentUser } from "../../identity/caller";
import { badRequest, HttpProblem } from "../../plugins/problem";
import type { Storage } from "../../storage/types";
import { TestingFailure } from "../analyzer";
import { DEFAULT_CALL_OPTIONS, type CallOptions } from "../endpoint/kserve-client";
import { OpenAiChatClient } from "../endpoint/openai-chat-client";
import { endpointForCall, findEndpoint } from "../endpoint/store";
import { tokenCipher } from "../../files/secret-cipher";
import { promptsCsv } from "./prompts-csv";
import { storeCsvDocument } from "./store";
import type { PromptText } from "./texts";

/**
 * Running a prompt set through the application's chat endpoint, inline in the request: a set is 144
 * prompts, four at a time, so a model answering in a few seconds finishes within a minute or two. The run
 * stops at RUN_DEADLINE_MS (a reverse proxy in front of Steward must allow requests that long, else the
 * caller sees its 504 instead of the answer). Nothing is stored unless every prompt was answered.
 */
export const RUN_DEADLINE_MS = 5 * 60_000;

/** The 422 of a run the model made fail: the text, and the TESTING_ERRORS key with its placeholders for clients that translate. */
export const promptRunFailureSchema = problemSchema.extend({
  error: z.string(),
  error_params: z.record(z.string(), z.union([z.string(), z.number()])),
});

function modelFailure(failure: TestingFailure, t: PromptText): HttpProblem {
  const name = failure.key.replace(/^testing\.errors\./, "");
  const detail = t(`errors.${name}`, failure.params);
  return new HttpProblem(422, detail, undefined, "about:blank", { error: failure.key, error_params: failure.params });
}

export interface PromptRunContext {
  db: Db;
  storage: Storage;
  config: Config;
  user: CurrentUser;
  /** The application, already reached by the caller with `create` on its tests. */
  application: ApplicationRow;
  t: PromptText;
  /** Tests shorten the pauses between retries. */
  callOptions?: Partial<CallOptions>;
}

/** Every prompt of the set sent to the application's chat endpoint, the answers stored as a CSV document of it. */
export async function runPromptSet(context: PromptRunContext, body: PromptRunBody): Promise<ApplicationDocument> {
  const { db, storage, config, application, t } = context;
  const endpoint = await findEndpoint(db, application.companyId, application.id);
  if (!endpoint) throw badRequest(t("errors.endpointMissing"), [{ path: "endpoint", message: t("errors.endpointMissing") }]);
  if (endpoint.protocol !== "openai_chat") {
    const message = t("errors.endpointProtocol", { protocol: endpoint.protocol });
    throw badRequest(message, [{ path: "endpoint", message }]);
  }

  const rows = promptSetRows(body.set_id, body.language);
  const settings = endpointForCall(endpoint, await tokenCipher(config));
  let answers: string[];
  let client: OpenAiChatClient | null = null;
  try {
    client = await OpenAiChatClient.open({ url: settings.url, token: settings.token, model: endpoint.model }, config.MODEL_ENDPOINT_ALLOWLIST, {
      ...DEFAULT_CALL_OPTIONS,
      timeoutMs: config.MODEL_ENDPOINT_TIMEOUT_MS,
      ...context.callOptions,
    });
    answers = await client.completeAll(
      rows.map((r) => r.prompt),
      { deadlineMs: RUN_DEADLINE_MS },
    );
  } catch (error) {
    if (error instanceof TestingFailure) throw modelFailure(error, t);
    throw error;
  } finally {
    client?.close();
  }

  const csv = promptsCsv(rows, answers);
  if (Buffer.byteLength(csv) > DOCUMENT_MAX_BYTES) {
    throw new HttpProblem(422, t("errors.failed", { detail: `the answers exceed the ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB a document may hold` }));
  }
  const name = t("documentName", { set: t(`sets.${body.set_id}.title`), language: t(`languages.${body.language}`), date: new Date().toISOString().slice(0, 10) });
  return storeCsvDocument(db, storage, context.user, application, name, csv, {
    source: "prompt_run",
    prompt_set: body.set_id,
    language: body.language,
    prompt_sets_version: PROMPT_SETS_VERSION,
    endpoint_url: endpoint.url,
  });
}
