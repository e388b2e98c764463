import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../tests/support/free-port";

function postgresBin(name: string): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, "bin", name);
    if (existsSync(bin)) return bin;
  }
  return name;
}

/**
 * A PostgreSQL server of the bench's own, in a temporary folder: it can be restarted mid-load without
 * touching anyone else's database. PostgreSQL refuses to run as root, so as root it runs as `postgres`.
 */
export class PrivateCluster {
  readonly dir: string;
  private readonly asUser: string[];

  private constructor(
    readonly port: number,
    private readonly log: (line: string) => void,
  ) {
    this.dir = mkdtempSync(path.join(tmpdir(), "steward-load-pg-"));
    this.asUser = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
    if (this.asUser.length) {
      chmodSync(this.dir, 0o777);
      execFileSync("chown", ["postgres", this.dir]);
    }
  }

  static async start(log: (line: string) => void): Promise<PrivateCluster> {
    const cluster = new PrivateCluster(await freePort(), log);
    cluster.run(postgresBin("initdb"), ["-D", cluster.data, "-U", "postgres", "-A", "trust", "--no-sync"]);
    cluster.pgCtl("start");
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get data(): string {
    return path.join(this.dir, "data");
  }

  private run(command: string, args: string[]) {
    const [file, ...rest] = [...this.asUser, command, ...args];
    execFileSync(file, rest, { stdio: ["ignore", "ignore", "pipe"] });
  }

  private pgCtlArgs(action: "start" | "restart" | "stop", mode: string[] = []): string[] {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
    return [...this.asUser, postgresBin("pg_ctl"), action, "-D", this.data, "-w", "-l", path.join(this.dir, "server.log"), "-o", options, ...mode];
  }

  private pgCtl(action: "start" | "restart" | "stop", mode: string[] = []) {
    const [file, ...rest] = this.pgCtlArgs(action, mode);
    execFileSync(file, rest, { stdio: ["ignore", "ignore", "pipe"] });
  }

  /**
   * A fast restart: every connection is terminated (57P01), as an operator's restart or a failover does.
   * Asynchronous, so the load goes on while the database is down. Resolves once it accepts connections.
   */
  async restart(): Promise<void> {
    this.log("restarting PostgreSQL (pg_ctl restart -m fast)…");
    const [file, ...rest] = this.pgCtlArgs("restart", ["-m", "fast"]);
    await promisify(execFile)(file, rest);
  }

  stop() {
    try {
      this.pgCtl("stop", ["-m", "immediate"]);
    } catch {
      // Already down: nothing to stop.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
