import { createHmac, hkdfSync } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { writeOnce } from "../files/write-once";
import path from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";

/** The local pool's RS256 key: signs tokens and, through HKDF, yields the HMAC secrets the service needs. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** A 32-byte secret for one purpose, derived from the private key so there is only one file to protect. */
  secret(purpose: string): Buffer;
  /** HMAC-SHA256 with the purpose's secret, hex: how codes are stored. */
  hmac(purpose: string, value: string): string;
}

const FILE_NAME = "identity-signing-key.json";

async function fromPrivateJwk(jwk: JWK): Promise<SigningKey> {
  if (jwk.kty !== "RSA" || !jwk.d || !jwk.kid) throw new Error("not an RSA private JWK with a kid");
  const privateKey = (await importJWK({ ...jwk, alg: "RS256" }, "RS256")) as CryptoKey;
  const { kty, n, e, kid } = jwk;
  const publicJwk: JWK = { kty, n, e, kid, alg: "RS256", use: "sig" };
  const ikm = Buffer.from(jwk.d, "base64url");
  const secrets = new Map<string, Buffer>();
  const secret = (purpose: string) => {
    let s = secrets.get(purpose);
    if (!s) {
      s = Buffer.from(hkdfSync("sha256", ikm, Buffer.alloc(0), `steward-identity:${purpose}`, 32));
      secrets.set(purpose, s);
    }
    return s;
  };
  return { kid, privateKey, publicJwk, secret, hmac: (purpose, value) => createHmac("sha256", secret(purpose)).update(value).digest("hex") };
}

async function newPrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = await calculateJwkThumbprint({ kty: jwk.kty!, n: jwk.n!, e: jwk.e! });
  return { ...jwk, alg: "RS256", use: "sig" };
}

/** A key that lives only as long as the process: tests, and any app built without a key directory. */
export async function createMemorySigningKey(): Promise<SigningKey> {
  return fromPrivateJwk(await newPrivateJwk());
}

/**
 * Reads DATA_DIR/keys/identity-signing-key.json, creating it (mode 0600) on the first start, so
 * tokens stay valid across restarts. Instances starting together on one DATA_DIR all use the first key written.
 */
export async function loadOrCreateSigningKey(keysDir: string): Promise<SigningKey> {
  const file = path.join(keysDir, FILE_NAME);
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  try {
    return await fromPrivateJwk(JSON.parse(await readFile(file, "utf8")) as JWK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      throw new Error(`The identity signing key ${file} cannot be read (${(error as Error).message}); move it away to create a new one.`);
    }
  }
  const stored = await writeOnce(file, JSON.stringify(await newPrivateJwk()));
  return fromPrivateJwk(JSON.parse(stored) as JWK);
}
