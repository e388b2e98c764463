import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { createDemoIdp, type DemoPerson } from "../../server/identity/sso/demo-idp/provider";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";

/**
 * A company's OpenID provider for the SSO tests: the real oidc-provider on its own loopback port, with a hook
 * that can rewrite its token responses (to serve an ID token with a broken signature or someone else's audience).
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  signingJwk: JWK;
  /** Set to rewrite the next token responses' JSON; null serves them as they are. */
  tamper: ((body: Record<string, unknown>) => Promise<Record<string, unknown>>) | null;
  close(): Promise<void>;
}

export const PROVIDER_PASSWORD = "Provider-Pass-2026-x";

export async function startTestProvider(options: { redirectUri: string; people: Array<Omit<DemoPerson, "password">> }): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: "test-key", use: "sig", alg: "RS256" };
  const clientId = "steward-at-acme";
  const clientSecret = randomBytes(24).toString("base64url");
  let server: Server | undefined;
  const result: TestProvider = {
    issuer: "",
    clientId,
    clientSecret,
    signingJwk,
    tamper: null,
    close: () => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
  server = createServer((req, res) => {
    if (result.tamper && req.method === "POST" && req.url?.startsWith("/token")) {
      const tamper = result.tamper;
      const chunks: Buffer[] = [];
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      res.write = ((chunk: Buffer | string) => (chunks.push(Buffer.from(chunk)), true)) as typeof res.write;
      res.end = ((chunk?: Buffer | string) => {
        if (chunk) chunks.push(Buffer.from(chunk));
        void tamper(JSON.parse(Buffer.concat(chunks).toString("utf8"))).then((changed) => {
          const body = JSON.stringify(changed);
          res.setHeader("content-length", Buffer.byteLength(body));
          write(body);
          end();
        });
        return res;
      }) as typeof res.end;
    }
    void idp.handle(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  result.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp = await createDemoIdp({
    issuer: result.issuer,
    mountPath: "",
    client: { clientId, clientSecret, redirectUris: [options.redirectUri] },
    people: options.people.map((p) => ({ ...p, password: PROVIDER_PASSWORD })),
    signingJwk,
  });
  return result;
}

/** A browser's walk through the hosted sign-in: the app through inject, the provider over the network. */
export class SsoBrowser {
  private readonly jar = new Map<string, string>();
  readonly verifier = randomBytes(48).toString("base64url");
  readonly state = randomBytes(24).toString("base64url");

  constructor(
    private readonly app: FastifyInstance,
    private readonly publicUrl: string,
    /** The browser's Accept-Language, sent to us. */
    private readonly language?: string,
  ) {}

  get redirectUri() {
    return `${this.publicUrl}/auth/callback/`;
  }

  authorizeUrl(identityProvider: string, overrides: Record<string, string | null> = {}): string {
    const url = new URL("/oauth2/authorize", this.publicUrl);
    const params: Record<string, string | null> = {
      identity_provider: identityProvider,
      redirect_uri: this.redirectUri,
      response_type: "code",
      client_id: LOCAL_CLIENT_ID,
      scope: "openid email profile",
      state: this.state,
      code_challenge: createHash("sha256").update(this.verifier).digest("base64url"),
      code_challenge_method: "S256",
      ...overrides,
    };
    for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
    return url.toString();
  }

  /** One request: ours through inject, the provider's with cookies; answers status, Location and body. */
  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const target = new URL(url, this.publicUrl);
    if (target.origin === new URL(this.publicUrl).origin) {
      const headers = this.language ? { "accept-language": this.language } : {};
      const res = await this.app.inject({ method: (init.method ?? "GET") as "GET", url: `${target.pathname}${target.search}`, headers });
      return { status: res.statusCode, location: res.headers.location as string | undefined, body: res.body };
    }
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(target, {
      method: init.method ?? "GET",
      redirect: "manual",
      headers: { cookie, ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const at = pair.indexOf("=");
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get("location");
    return { status: res.status, location: location ? new URL(location, target).toString() : undefined, body: await res.text() };
  }

  /**
   * From `url` to where the provider sends the browser back to us (/oauth2/idpresponse), signing in at the
   * provider's form on the way. Answers that URL without visiting it, so a test can replay or alter it.
   */
  async toProviderAnswer(url: string, credentials: { email: string; password: string }): Promise<string> {
    let next = url;
    for (let hops = 0; hops < 12; hops++) {
      if (next.startsWith(`${this.publicUrl}/oauth2/idpresponse`)) return next;
      const res = await this.request(next);
      if (res.status === 200) {
        const action = /action="([^"]+)"/.exec(res.body)?.[1];
        if (!action) throw new Error(`no sign-in form at ${next}: ${res.body.slice(0, 200)}`);
        const posted = await this.request(new URL(action.replace(/&amp;/g, "&"), next).toString(), { method: "POST", form: credentials });
        if (!posted.location) throw new Error(`the provider refused the sign-in: ${posted.status}`);
        next = posted.location;
        continue;
      }
      if (!res.location) throw new Error(`stuck at ${next}: ${res.status} ${res.body.slice(0, 300)}`);
      next = res.location;
    }
    throw new Error("too many redirects");
  }

  /** The whole sign-in: answers the callback URL the app lands on (with a code, or an error). */
  async signIn(identityProvider: string, credentials: { email: string; password: string }): Promise<URL> {
    const start = await this.request(this.authorizeUrl(identityProvider, { login_hint: credentials.email }));
    if (!start.location) throw new Error(`authorize answered ${start.status}: ${start.body.slice(0, 300)}`);
    if (start.location.startsWith(this.redirectUri)) return new URL(start.location);
    const answer = await this.toProviderAnswer(start.location, credentials);
    const back = await this.request(answer);
    if (!back.location) throw new Error(`idpresponse answered ${back.status}: ${back.body.slice(0, 300)}`);
    return new URL(back.location);
  }

  /** POST /oauth2/token for the code, as the web app sends it. */
  async redeem(code: string, overrides: Record<string, string> = {}) {
    const res = await this.app.inject({
      method: "POST",
      url: "/oauth2/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ grant_type: "authorization_code", code, client_id: LOCAL_CLIENT_ID, redirect_uri: this.redirectUri, code_verifier: this.verifier, ...overrides }).toString(),
    });
    return { status: res.statusCode, body: res.json() as Record<string, string> };
  }
}
