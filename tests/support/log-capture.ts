import { Writable } from "node:stream";
import { DEMO_PASSWORD } from "../../server/db/seed";

/** What must never appear in a log line: the demo people's e-mails, their password, bearer tokens (JWTs). */
const LEAKS: Array<[string, RegExp]> = [
  ["an e-mail address", /[a-z0-9._+-]+@[a-z0-9-]+\.test\b/i],
  ["the demo password", new RegExp(DEMO_PASSWORD)],
  ["a JWT", /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
  ["an SQL statement", /\b(select|insert into|update|delete from)\b[^"]*\b(from|values|set|where)\b/i],
];

/** An in-memory log destination for a test app, checked for leaks when the app closes. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    done();
  }

  /** Extra strings a test knows are secret (an issued client secret, say) may be added. */
  assertClean(secrets: string[] = []) {
    for (const line of this.lines) {
      for (const [what, pattern] of LEAKS) {
        if (pattern.test(line)) throw new Error(`A log line leaked ${what}: ${line.slice(0, 500)}`);
      }
      const secret = secrets.find((s) => line.includes(s));
      if (secret) throw new Error(`A log line leaked a secret: ${line.slice(0, 500)}`);
    }
  }
}
