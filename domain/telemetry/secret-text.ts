/**
 * Credentials written into free text (an error message, a log line, a breadcrumb): a bearer or basic
 * credential, or a JSON Web Token. Whatever the browser or the server sends to error tracking or analytics
 * has them taken out first.
 */
const SECRET_TEXT = [/\b(?:Bearer|Basic)\s+[\w.~+/=-]+/gi, /\beyJ[\w-]+\.[\w-]+(?:\.[\w-]+)?/g];

/** `text` with every credential in it replaced by `mark`. */
export function withoutCredentials(text: string, mark: string): string {
  return SECRET_TEXT.reduce((out, pattern) => out.replace(pattern, mark), text);
}
