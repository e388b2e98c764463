import { mkdir, open, readFile, rm, access } from "node:fs/promises";
import { constants } from "node:fs";
import path from "node:path";
import { StartError } from "../start-error";

export interface DirectoryLock {
  release(): Promise<void>;
}

/**
 * PGlite keeps its files in one folder that only one process may open: a second
 * server on the same DATA_DIR would corrupt it, so the folder carries a pid lock.
 */
export async function acquireDirectoryLock(dataDir: string): Promise<DirectoryLock> {
  try {
    await mkdir(dataDir, { recursive: true });
    await access(dataDir, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw new StartError(
      `The data directory ${path.resolve(dataDir)} is not readable and writable (${(error as NodeJS.ErrnoException).code}). ` +
        `Fix its permissions or set DATA_DIR to another folder.`,
    );
  }
  const lockFile = path.join(dataDir, "steward.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => rm(lockFile, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number((await readFile(lockFile, "utf8").catch(() => "")).trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new StartError(
          `The data directory ${path.resolve(dataDir)} is in use by another Steward server (pid ${owner}). ` +
            `Stop that server, or set DATA_DIR to another folder.`,
        );
      }
      await rm(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new StartError(`Could not lock the data directory ${path.resolve(dataDir)}. Set DATA_DIR to another folder.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
