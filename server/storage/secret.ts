import { loadOrCreateKeyFile } from "../files/key-file";

/**
 * The local upload policies' HMAC secret when neither UPLOAD_SIGNING_SECRET nor the local identity
 * key is there to give one: DATA_DIR/keys/upload-signing.key, so forms handed out survive a restart.
 */
export const loadOrCreateUploadSecret = (keysDir: string): Promise<Buffer> => loadOrCreateKeyFile(keysDir, "upload-signing.key");
