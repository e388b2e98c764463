import { PROMPT_COLUMNS, type PromptRow } from "../../../domain/testing/prompt-sets";

const BOM = "\uFEFF";
const CRLF = "\r\n";

/** A field as RFC 4180 writes it: quoted (quotes doubled) when it holds a quote, a comma or a line break. */
const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * Control characters other than tab and line breaks dropped: a model may answer them, and a file holding
 * them is not a CSV the document check accepts.
 */
// eslint-disable-next-line no-control-regex
const printable = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");

/**
 * The prompts as a CSV file (UTF-8 with a byte-order mark so Excel reads the accents right, CRLF line ends)
 * with a `response` column: the model's answers when given, else empty for the user to fill in.
 */
export function promptsCsv(rows: readonly PromptRow[], responses?: readonly string[]): string {
  const header = [...PROMPT_COLUMNS, "response"].join(",");
  const lines = rows.map((row, i) => [...PROMPT_COLUMNS.map((c) => field(row[c])), field(printable(responses?.[i] ?? ""))].join(","));
  return BOM + [header, ...lines].join(CRLF) + CRLF;
}
