import type { FastifyReply } from "fastify";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Markup a page may carry: text is escaped when it is built, so only these strings are trusted. */
export class Html {
  constructor(readonly markup: string) {}
}

/** Builds markup from a template, escaping every interpolated value that is not itself Html. */
export function html(strings: TemplateStringsArray, ...values: Array<string | number | Html | Html[]>): Html {
  let out = strings[0];
  values.forEach((value, i) => {
    const part = Array.isArray(value) ? value.map((v) => v.markup).join("") : value instanceof Html ? value.markup : escapeHtml(String(value));
    out += part + strings[i + 1];
  });
  return new Html(out);
}

/**
 * The few server-made pages of the sign-in flows (a refused request, a finished connection test, the demo
 * provider's sign-in): plain HTML without scripts, so the app's Content-Security-Policy holds for them too.
 */
export function pageHtml(title: string, body: Html): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f5f6f8; color: #1d2330; margin: 0; }
  main { max-width: 26rem; margin: 10vh auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.35rem; margin-top: 0; }
  label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #b9c0cc; border-radius: 4px; }
  button { margin-top: 1.25rem; width: 100%; padding: .7rem; font-size: 1rem; background: #1f4fd1; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
  .error { background: #fde8e8; color: #8a1c1c; padding: .75rem; border-radius: 4px; }
  .hint { color: #5b6475; font-size: .9rem; }
</style>
</head>
<body><main>
<h1>${title}</h1>
${body}
</main></body>
</html>`.markup;
}

export function sendPage(reply: FastifyReply, status: number, title: string, body: Html) {
  return reply.code(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(pageHtml(title, body));
}
