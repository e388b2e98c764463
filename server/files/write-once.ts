import { randomBytes } from "node:crypto";
import { link, readFile, unlink, writeFile } from "node:fs/promises";

/**
 * Creates `file` with `contents` unless it exists, and answers what the file holds then. The contents
 * are written to a private file first and linked into place in one step, so a process starting at the
 * same moment never reads a half-written file: it reads the winner's whole one.
 */
export async function writeOnce(file: string, contents: string, mode = 0o600): Promise<string> {
  const pending = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(pending, contents, { mode, flag: "wx" });
  try {
    await link(pending, file);
    return contents;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFile(file, "utf8");
  } finally {
    await unlink(pending).catch(() => {});
  }
}
