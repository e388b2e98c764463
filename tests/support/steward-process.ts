import { spawn } from "node:child_process";
// Only modules without imports of their own: the browser tests' loader takes no JSON modules.
import { DEMO_PASSWORD } from "../../server/db/seed/accounts";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";

/** Polls `check` until it answers something truthy (errors count as not yet), or gives up after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A demo user's access token from a Steward process's local identity service, over HTTP as the browser signs in. */
export async function signInOverHttp(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/identity`, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.InitiateAuth" },
    body: JSON.stringify({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { AccessToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in as ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.AuthenticationResult.AccessToken;
}

/** A Steward process of a test's own: its address and how to stop it. */
export interface StewardProcess {
  /** http://127.0.0.1:<port>, where it listens (its PUBLIC_URL may name another origin). */
  address: string;
  stop(): Promise<void>;
}

/**
 * Starts Steward as `npm start` does, without building (the browser tests' server has built dist/), on `port` with
 * `env` (DATA_DIR, PUBLIC_URL and the rest are the caller's), and waits until it is ready; a start that fails
 * throws with what the process wrote on stderr.
 */
export async function startStewardProcess(port: number, env: Record<string, string>, timeoutMs = 150_000): Promise<StewardProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts", "--no-build"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8000)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  const address = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (!(await fetch(`${address}/readyz`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`Steward did not start on port ${port}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { address, stop };
}
