import type { ModelBehaviour } from "../endpoint/test-support";

/** The prompt of a chat-completions request as the fake model received it. */
export const promptOf = (body: unknown) => (body as { messages: { content: string }[] }).messages[0].content;

/** Answers the chat-completions protocol for tests: one choice whose content is made from the prompt. */
export const chatCompletions =
  (answer: (prompt: string) => string): ModelBehaviour =>
  (request, response) => {
    const content = answer(promptOf(request.body));
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ id: "chatcmpl-1", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }));
  };
