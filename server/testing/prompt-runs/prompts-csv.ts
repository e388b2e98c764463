import { CSV_BOM, csvRecord } from "../../files/csv";
import { PROMPT_COLUMNS, type PromptRow } from "../../../domain/testing/prompt-sets";


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
  const lines = rows.map((row, i) => csvRecord([...PROMPT_COLUMNS.map((c) => row[c]), printable(responses?.[i] ?? "")]));
  return CSV_BOM + csvRecord([...PROMPT_COLUMNS, "response"]) + lines.join("");
}
