import { appendFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";

/** One e-mail the local identity service would have sent; read by developers at GET /dev/outbox. */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  sent_at: string;
}

export interface Outbox {
  add(message: OutboxMessage): Promise<void>;
  /** Newest first. */
  list(limit?: number): Promise<OutboxMessage[]>;
}

/** Tests and apps built without a data directory: nothing touches the disk. */
export class MemoryOutbox implements Outbox {
  private readonly messages: OutboxMessage[] = [];
  async add(message: OutboxMessage) {
    this.messages.push(message);
  }
  async list(limit = 100) {
    return this.messages.slice(-limit).reverse();
  }
}

/** DATA_DIR/outbox.jsonl, one JSON message per line, so it survives restarts and `tail -f` works. */
export class FileOutbox implements Outbox {
  constructor(private readonly file: string) {}
  async add(message: OutboxMessage) {
    await mkdir(path.dirname(this.file), { recursive: true });
    await appendFile(this.file, `${JSON.stringify(message)}\n`, { mode: 0o600 });
  }
  async list(limit = 100) {
    let text: string;
    try {
      text = await readFile(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const messages: OutboxMessage[] = [];
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      try {
        messages.push(JSON.parse(line) as OutboxMessage);
      } catch {
        // A line cut short by a crash is skipped rather than hiding every other message.
      }
    }
    return messages.slice(-limit).reverse();
  }
}
