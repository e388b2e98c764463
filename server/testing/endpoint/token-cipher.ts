import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import path from "node:path";
import { loadOrCreateKeyFile } from "../../files/key-file";

/**
 * Model endpoint tokens at rest: AES-256-GCM with a fresh 96-bit IV per token, bound (as associated data)
 * to the company and application it belongs to, so a ciphertext copied onto another row does not decrypt.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export class TokenCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error("the token key must be 32 bytes");
  }

  encrypt(token: string, owner: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(owner));
    const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
  }

  /** The token, or null when the ciphertext does not open with this key for this owner (key changed, row tampered with). */
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

/** What a token is bound to: its company and application. */
export const tokenOwner = (companyId: string, applicationId: string) => `${companyId}/${applicationId}`;

const KEY_FILE = "model-endpoint-token.key";

/**
 * The key: derived (HKDF-SHA-256) from MODEL_ENDPOINT_TOKEN_KEY when set — every instance of a deployment
 * must share it — else DATA_DIR/keys/model-endpoint-token.key, created (0600) the first time it is needed,
 * which suits the single embedded instance. `wx` lets a concurrent creator read the winner's key.
 */
export async function loadTokenKey(setting: string | undefined, keysDir: string): Promise<Buffer> {
  if (setting) return Buffer.from(hkdfSync("sha256", setting, "steward", "model-endpoint-token", 32));
  return loadOrCreateKeyFile(keysDir, KEY_FILE);
}

const ciphers = new Map<string, Promise<TokenCipher>>();

/** The cipher for these settings, loaded once per process. */
export function tokenCipher(config: { MODEL_ENDPOINT_TOKEN_KEY?: string; DATA_DIR: string }): Promise<TokenCipher> {
  const keysDir = path.join(config.DATA_DIR, "keys");
  const id = config.MODEL_ENDPOINT_TOKEN_KEY ? `setting:${config.MODEL_ENDPOINT_TOKEN_KEY}` : `file:${path.resolve(keysDir)}`;
  let cipher = ciphers.get(id);
  if (!cipher) {
    cipher = loadTokenKey(config.MODEL_ENDPOINT_TOKEN_KEY, keysDir).then((key) => new TokenCipher(key));
    cipher.catch(() => ciphers.delete(id));
    ciphers.set(id, cipher);
  }
  return cipher;
}
