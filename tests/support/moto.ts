import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createPrivateKey, type KeyObject } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { provision, type Provisioned } from "../../scripts/aws/provision";
import { freePort } from "./free-port";
import { until } from "./steward-process";

/**
 * `moto_server` (getmoto/moto): a real, independent implementation of Cognito's and S3's protocols on loopback.
 * Each test file starts its own. Its state lives in memory, so it records every request it serves: after a
 * restart the recording is replayed (moto's recorder, with its random numbers seeded first and ids derived
 * from names), and the pool, its users and the bucket's objects are back as an outage of AWS would leave them.
 */
export interface MotoServer {
  endpoint: string;
  /** Stops the process: every call to it is refused until `restart`. */
  stop(): Promise<void>;
  /** Starts it again on the same port with what it held before. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** moto accepts any credentials; Steward's SDK calls still sign with some. */
export const MOTO_CREDENTIALS = { accessKeyId: "steward-test", secretAccessKey: "steward-test" };
export const MOTO_REGION = "eu-west-1";

let checked = false;

/** moto_server is part of every machine's toolchain: without it the tests of production mode fail and say so. */
function requireMoto(): void {
  if (checked) return;
  const probe = spawnSync("moto_server", ["--help"], { stdio: "ignore" });
  if (probe.error || probe.status !== 0) throw new Error("moto_server is not installed (pip install 'moto[server]'): the tests of production mode against Cognito and S3 need it");
  checked = true;
}

export async function startMoto(): Promise<MotoServer> {
  requireMoto();
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const dir = await mkdtemp(path.join(tmpdir(), "steward-moto-"));
  const env = {
    ...process.env,
    // Authenticator-app codes are checked (against moto's one fixed secret).
    MOTO_COGNITO_IDP_USER_POOL_ENABLE_TOTP: "true",
    // Pool and client ids from their names and settings, so a replay after a restart gives the same ones.
    MOTO_COGNITO_IDP_USER_POOL_ID_STRATEGY: "HASH",
    MOTO_COGNITO_IDP_USER_POOL_CLIENT_ID_STRATEGY: "HASH",
    MOTO_ENABLE_RECORDING: "true",
    MOTO_RECORDER_FILEPATH: path.join(dir, "recording.jsonl"),
  };
  let child: ChildProcess | null = null;
  let output = "";
  const launch = async () => {
    output = "";
    child = spawn("moto_server", ["-H", "127.0.0.1", "-p", String(port)], { env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout!.on("data", (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000)));
    const exited = new Promise<never>((_resolve, reject) => child!.once("exit", (code) => reject(new Error(`moto_server exited (${code}): ${output}`))));
    await Promise.race([until("moto_server to answer", async () => (await fetch(`${endpoint}/moto-api/`)).ok, 60_000), exited]);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  try {
    await launch();
  } catch (error) {
    await stop();
    throw error;
  }
  // Recorded too: the replay seeds the same way before it makes the same calls, and gets the same ids.
  await fetch(`${endpoint}/moto-api/seed?a=20260101`, { method: "POST" });
  return {
    endpoint,
    stop,
    async restart() {
      await launch();
      const replayed = await fetch(`${endpoint}/moto-api/recorder/replay-recording`, { method: "POST" });
      if (!replayed.ok) throw new Error(`moto_server could not replay its recording: ${replayed.status} ${await replayed.text()}`);
    },
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The pool, its app client and the bucket, made the way `npm run aws:setup` makes them, for Steward at `publicUrl`. */
export function provisionMoto(moto: MotoServer, publicUrl: string, poolName = "steward"): Promise<Provisioned> {
  return provision({ region: MOTO_REGION, endpoint: moto.endpoint, credentials: MOTO_CREDENTIALS, publicUrl, poolName, bucket: `steward-${poolName}` });
}

/** AWS credentials for SDK clients made in this process (Steward's own, in an API test), as the default chain reads them. */
export function useMotoCredentials(): void {
  process.env.AWS_ACCESS_KEY_ID = MOTO_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = MOTO_CREDENTIALS.secretAccessKey;
}

/** Loads moto's signing key the way moto does (its JWK has no CRT parameters, which WebCrypto requires) and prints it as PEM. */
const SIGNING_KEY_PEM = `
from joserfc import jwk
from moto.utilities.utils import load_resource
key = jwk.RSAKey.import_key(load_resource("moto.cognitoidp.models", "resources/jwks-private.json"))
print(key.kid)
print(key.as_pem(private=True).decode())
`;

/**
 * The private key moto signs every pool's tokens with (it ships in the package; each pool's JWKS is its public
 * half). Tests sign what moto will not issue with it: an expired token, a client-credentials token (moto serves
 * no /oauth2/token).
 */
export function motoSigningKey(): { kid: string; key: KeyObject } {
  signingKey ??= readSigningKey();
  return signingKey;
}
let signingKey: { kid: string; key: KeyObject } | undefined;

function readSigningKey(): { kid: string; key: KeyObject } {
  const printed = spawnSync("python3", ["-c", SIGNING_KEY_PEM], { encoding: "utf8", cwd: tmpdir() });
  if (printed.status !== 0) throw new Error(`cannot read moto's signing key: ${printed.stderr}`);
  const [kid, ...pem] = printed.stdout.trim().split("\n");
  return { kid, key: createPrivateKey(pem.join("\n")) };
}
