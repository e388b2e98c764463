import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";

/**
 * A real WebAuthn authenticator in software, with a browser's part folded in: it makes P-256 (ES256) passkeys
 * with `none` attestation, signs assertions with them, counts signatures, and answers in the JSON Amplify
 * sends (its serialization of `navigator.credentials.create()` and `.get()`). The origin and RP id are the
 * browser's and authenticator's to set, so a test can play a phishing page or a foreign relying party.
 */

interface HeldCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface CeremonyOverrides {
  /** The page the browser says the ceremony ran on. */
  origin?: string;
  /** The RP id the authenticator scopes (and hashes into) the credential with. */
  rpId?: string;
  /**
   * get(): answer with this credential even if the options do not allow it (another user's, a deleted one).
   * create(): make the new passkey under this id, as a cloned authenticator would.
   */
  credentialId?: string;
  /** Whether the authenticator verified the user (PIN, biometrics); true unless a test says otherwise. */
  userVerified?: boolean;
}

/** What a real authenticator raises when excludeCredentials names a passkey it already holds. */
export class InvalidStateError extends Error {
  override name = "InvalidStateError";
}

/** What the browser raises when no passkey answers the request (or the user cancels). */
export class NotAllowedError extends Error {
  override name = "NotAllowedError";
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function uint32(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value);
  return b;
}

export class SoftwareAuthenticator {
  readonly credentials: HeldCredential[] = [];

  constructor(
    private readonly origin: string,
    /** 16 bytes as a UUID; all zeros, like most software authenticators, unless a test names a provider. */
    private readonly aaguid = "00000000-0000-0000-0000-000000000000",
  ) {}

  /** `navigator.credentials.create()`: a new resident P-256 credential for the options' RP and user. */
  create(options: PublicKeyCredentialCreationOptionsJSON, overrides: CeremonyOverrides = {}) {
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.has(b64url(c.id)))) {
      throw new InvalidStateError("The authenticator already holds a passkey for this account.");
    }
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const credential: HeldCredential = { id: overrides.credentialId ? Buffer.from(overrides.credentialId, "base64url") : randomBytes(16), privateKey, publicKey, rpId, userHandle: options.user.id, counter: 0 };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const flags = FLAG_UP | FLAG_AT | (overrides.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      uint32(0),
      Buffer.from(this.aaguid.replaceAll("-", ""), "hex"),
      idLength,
      credential.id,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false });
    this.credentials.push(credential);
    const id = b64url(credential.id);
    return {
      type: "public-key",
      id,
      rawId: id,
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ["hybrid", "internal"],
        publicKeyAlgorithm: -7,
        authenticatorData: b64url(authData),
        publicKey: b64url(publicKey.export({ format: "der", type: "spki" })),
      },
    };
  }

  /** `navigator.credentials.get()`: an assertion by a held credential the options allow, its counter moved on. */
  get(options: PublicKeyCredentialRequestOptionsJSON, overrides: CeremonyOverrides = {}) {
    const rpId = overrides.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const credential = overrides.credentialId
      ? this.credentials.find((c) => b64url(c.id) === overrides.credentialId)
      : this.credentials.find((c) => c.rpId === rpId && (allowed.size === 0 || allowed.has(b64url(c.id))));
    if (!credential) throw new NotAllowedError("No passkey answers this request.");
    credential.counter += 1;
    return this.assertion(credential, options.challenge, rpId, overrides);
  }

  /** An assertion over any challenge and counter, for replays and forged answers. */
  assertion(credential: HeldCredential, challenge: string, rpId: string, overrides: CeremonyOverrides = {}, counter = credential.counter) {
    const flags = FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), uint32(counter)]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }));
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    const id = b64url(credential.id);
    return {
      id,
      rawId: id,
      type: "public-key",
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}

type Binary = ArrayBuffer | ArrayBufferView;
const toB64url = (value: Binary) =>
  Buffer.from(value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength)).toString("base64url");
const toBuffer = (value: string): ArrayBuffer => Uint8Array.from(Buffer.from(value, "base64url")).buffer;

/**
 * The browser's WebAuthn API (`navigator.credentials`, `PublicKeyCredential` and its responses) in front of a
 * software authenticator, installed as globals so Amplify's own passkey code runs in Node as it does in a
 * page: it hands over binary options and serializes the binary credential it gets back.
 */
export function installBrowserWebAuthn(authenticator: () => SoftwareAuthenticator): void {
  class AuthenticatorAttestationResponse {
    readonly clientDataJSON: ArrayBuffer;
    readonly attestationObject: ArrayBuffer;
    constructor(private readonly json: ReturnType<SoftwareAuthenticator["create"]>["response"]) {
      this.clientDataJSON = toBuffer(json.clientDataJSON);
      this.attestationObject = toBuffer(json.attestationObject);
    }
    getTransports = () => this.json.transports;
    getPublicKeyAlgorithm = () => this.json.publicKeyAlgorithm;
    getAuthenticatorData = () => toBuffer(this.json.authenticatorData);
    getPublicKey = () => toBuffer(this.json.publicKey);
  }
  class AuthenticatorAssertionResponse {
    readonly clientDataJSON: ArrayBuffer;
    readonly authenticatorData: ArrayBuffer;
    readonly signature: ArrayBuffer;
    readonly userHandle: ArrayBuffer;
    constructor(json: ReturnType<SoftwareAuthenticator["get"]>["response"]) {
      this.clientDataJSON = toBuffer(json.clientDataJSON);
      this.authenticatorData = toBuffer(json.authenticatorData);
      this.signature = toBuffer(json.signature);
      this.userHandle = toBuffer(json.userHandle);
    }
  }
  class PublicKeyCredential {
    readonly type = "public-key";
    readonly id: string;
    readonly rawId: ArrayBuffer;
    readonly authenticatorAttachment: string;
    constructor(
      json: { id: string; authenticatorAttachment: string },
      readonly response: AuthenticatorAttestationResponse | AuthenticatorAssertionResponse,
    ) {
      this.id = json.id;
      this.rawId = toBuffer(json.id);
      this.authenticatorAttachment = json.authenticatorAttachment;
    }
    getClientExtensionResults = () => ({});
  }
  type Described = { id: Binary; type: string; transports?: string[] };
  const ids = (list: Described[] | undefined) => (list ?? []).map((c) => ({ ...c, id: toB64url(c.id), type: "public-key" as const }));
  const credentials = {
    async create({ publicKey }: { publicKey: Record<string, any> }) {
      const json = authenticator().create({
        ...publicKey,
        challenge: toB64url(publicKey.challenge),
        user: { ...publicKey.user, id: toB64url(publicKey.user.id) },
        excludeCredentials: ids(publicKey.excludeCredentials),
      } as PublicKeyCredentialCreationOptionsJSON);
      return new PublicKeyCredential(json, new AuthenticatorAttestationResponse(json.response));
    },
    async get({ publicKey }: { publicKey: Record<string, any> }) {
      const json = authenticator().get({
        ...publicKey,
        challenge: toB64url(publicKey.challenge),
        allowCredentials: ids(publicKey.allowCredentials),
      } as PublicKeyCredentialRequestOptionsJSON);
      return new PublicKeyCredential(json, new AuthenticatorAssertionResponse(json.response));
    },
  };
  Object.assign(globalThis, {
    window: { document: {}, isSecureContext: true, PublicKeyCredential, addEventListener() {}, removeEventListener() {} },
    navigator: { credentials, userAgent: "SoftwareAuthenticator" },
    PublicKeyCredential,
    AuthenticatorAttestationResponse,
    AuthenticatorAssertionResponse,
  });
}
