import type { IncomingMessage, ServerResponse } from "node:http";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { Html, html, pageHtml } from "../page";
import { memoryStore } from "./memory-store";

/** The one person the demo provider knows. */
export interface DemoPerson {
  sub: string;
  email: string;
  password: string;
  givenName: string;
  familyName: string;
}

export interface DemoIdpOptions {
  /** The issuer: the URL the provider is reached at, mount path included. */
  issuer: string;
  /** Where the provider is mounted on its server ("" when it has a server of its own). */
  mountPath: string;
  client: { clientId: string; clientSecret: string; redirectUris: string[] };
  people: DemoPerson[];
  /** The ID tokens' signing key (a private RSA JWK); a fresh one when left out. */
  signingJwk?: JWK;
}

/** A login form is a few short fields: anything longer is refused before it is read. */
const FORM_LIMIT = 8 * 1024;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMIT) throw new Error("form too large");
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function sendHtml(res: ServerResponse, status: number, markup: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(markup);
}

/**
 * A real OpenID Connect provider (oidc-provider) with one client and a few people, for trying corporate
 * sign-in without an outside service: the demo data's provider at /demo-idp, and the tests' provider.
 * Its sign-in page is ours (plain HTML, no scripts); consent is implied, as for a company's own app.
 */
export async function createDemoIdp(options: DemoIdpOptions) {
  const jwk = options.signingJwk ?? { ...(await exportJWK((await generateKeyPair("RS256", { extractable: true })).privateKey)), kid: randomBytes(8).toString("hex"), use: "sig", alg: "RS256" };
  const bySub = new Map(options.people.map((p) => [p.sub, p]));

  const configuration: Configuration = {
    adapter: memoryStore(),
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: options.client.clientSecret,
        redirect_uris: options.client.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    // Seconds: a sign-in at the provider is short-lived; its session lasts a working day.
    ttl: { Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    // The ID token carries what the scopes asked for, so the relying party needs no userinfo call.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.body = pageHtml("Sign out of the demo provider?", html`${new Html(form)}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`);
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = pageHtml("Signed out", html`<p role="status">You are signed out of the demo provider.</p>`);
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${options.mountPath}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const person = bySub.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: person.email,
          email_verified: true,
          name: `${person.givenName} ${person.familyName}`,
          given_name: person.givenName,
          family_name: person.familyName,
        }),
      };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, params } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(String(params?.scope ?? "openid"));
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = pageHtml("The demo provider cannot sign you in", html`<p class="error" role="alert">${String(out.error_description ?? out.error)}</p>`);
    },
  };

  const provider = new Provider(options.issuer, configuration);
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string) {
    const details = await provider.interactionDetails(req, res);
    const loginForm = (error: string | null, email: string) =>
      pageHtml(
        "Sign in to the demo identity provider",
        html`${error ? html`<p class="error" role="alert">${error}</p>` : html``}
<p class="hint">This stands in for your organisation's sign-in page. Demo account: ${options.people.map((p) => p.email).join(", ")}.</p>
<form method="post" action="${options.mountPath}/interaction/${details.uid}/login" autocomplete="off">
<label for="email">E-mail</label><input id="email" name="email" type="email" value="${email}" required>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form>`,
      );
    if (req.method === "GET" && path.endsWith(details.uid)) {
      return sendHtml(res, 200, loginForm(null, String(details.params.login_hint ?? "")));
    }
    if (req.method === "POST" && path.endsWith(`${details.uid}/login`)) {
      const form = await readForm(req);
      const email = (form.get("email") ?? "").trim().toLowerCase();
      const person = options.people.find((p) => p.email === email);
      if (!person || !sameText(form.get("password") ?? "", person.password)) {
        return sendHtml(res, 401, loginForm("That e-mail and password do not match.", email));
      }
      return provider.interactionFinished(req, res, { login: { accountId: person.sub } }, { mergeWithLastSubmission: false });
    }
    return sendHtml(res, 404, pageHtml("Not found", html`<p>There is nothing here.</p>`));
  }

  /** Handles one request to the provider; `req.url` still carries the mount path. */
  async function handle(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) {
    const url = req.url ?? "/";
    const path = url.slice(options.mountPath.length).split("?")[0] || "/";
    if (/^\/interaction\/[A-Za-z0-9_-]+(\/login)?$/.test(path)) {
      try {
        return await interaction(req, res, path);
      } catch {
        return sendHtml(res, 400, pageHtml("The sign-in cannot continue", html`<p class="error" role="alert">This sign-in has expired. Go back to Steward and start again.</p>`));
      }
    }
    req.originalUrl = url;
    req.url = url.slice(options.mountPath.length) || "/";
    callback(req, res);
  }

  return { provider, handle };
}
