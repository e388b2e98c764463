import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import path from "node:path";
import { loadOrCreateKeyFile } from "./key-file";

/**
 * Secrets at rest (model endpoint tokens, identity provider client secrets, TOTP secrets): AES-256-GCM
 * with a fresh 96-bit IV per secret, bound (as associated data) to the row it belongs to, so a ciphertext
 * copied onto another row does not decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export class SecretCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error("the secret key must be 32 bytes");
  }

  encrypt(secret: string, owner: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(owner));
    const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
  }

  /** The secret, or null when the ciphertext does not open with this key for this owner (key changed, row tampered with). */
  decrypt(stored: string, owner: string): string | null {
    const [version, iv, tag, sealed] = stored.split(".");
    if (version !== "v1" || !iv || !tag || sealed === undefined) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }
}

/** The secrets each key seals, each with its own setting and key file. */
export const SECRET_KEYS = {
  modelEndpointToken: { setting: "MODEL_ENDPOINT_TOKEN_KEY", file: "model-endpoint-token.key", info: "model-endpoint-token" },
  identity: { setting: "IDENTITY_SECRET_KEY", file: "identity-secret.key", info: "identity-secret" },
} as const;
export type SecretKeyName = keyof typeof SECRET_KEYS;

/**
 * The key: derived (HKDF-SHA-256) from its setting when set — every instance of a deployment must share
 * it — else a key file in DATA_DIR/keys, created (0600) the first time it is needed, which suits the
 * single embedded instance.
 */
export async function loadSecretKey(name: SecretKeyName, setting: string | undefined, keysDir: string): Promise<Buffer> {
  if (setting) return Buffer.from(hkdfSync("sha256", setting, "steward", SECRET_KEYS[name].info, 32));
  return loadOrCreateKeyFile(keysDir, SECRET_KEYS[name].file);
}

const ciphers = new Map<string, Promise<SecretCipher>>();

type SecretSettings = { DATA_DIR: string } & Partial<Record<(typeof SECRET_KEYS)[SecretKeyName]["setting"], string>>;

/** The cipher for these settings, loaded once per process. */
export function secretCipher(name: SecretKeyName, config: SecretSettings): Promise<SecretCipher> {
  const keysDir = path.join(config.DATA_DIR, "keys");
  const setting = config[SECRET_KEYS[name].setting];
  const id = `${name}:${setting ? `setting:${setting}` : `file:${path.resolve(keysDir)}`}`;
  let cipher = ciphers.get(id);
  if (!cipher) {
    cipher = loadSecretKey(name, setting, keysDir).then((key) => new SecretCipher(key));
    cipher.catch(() => ciphers.delete(id));
    ciphers.set(id, cipher);
  }
  return cipher;
}

/** The cipher of model endpoint tokens. */
export const tokenCipher = (config: SecretSettings) => secretCipher("modelEndpointToken", config);

/** What a model endpoint token is bound to: its company and application. */
export const tokenOwner = (companyId: string, applicationId: string) => `${companyId}/${applicationId}`;
