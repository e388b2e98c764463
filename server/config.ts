import { existsSync } from "node:fs";
import { z } from "zod";
import { StartError } from "./start-error";
import { parseAllowlist, type Allowlist } from "./outbound/allowlist";
import { validResolver } from "./identity/sso/domain-proof";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";
import { APP_ENVIRONMENTS } from "../domain/api/client-config";
import { parseAuditChainKey } from "./audit/key";

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .transform((v) => v === "true" || v === "1");

/** An outbound allowlist (server/outbound/allowlist.ts); a bad entry stops the start, named. */
const allowlistSetting = z
  .string()
  .default("")
  .transform((v, ctx): Allowlist => {
    const parsed = parseAllowlist(v);
    if ("error" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return parsed.entries;
  });
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/ }).optional())
  .optional();

const postgresUrl = z
  .string()
  .trim()
  .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), "must be a postgres:// or postgresql:// URL");

/** Every setting the server reads, with its default (the README's configuration table). */
export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: postgresUrl.optional().or(z.literal("").transform(() => undefined)),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional().or(z.literal("").transform(() => undefined)),
    COGNITO_USER_POOL_ID: optionalText,
    COGNITO_CLIENT_ID: optionalText,
    COGNITO_REGION: optionalText,
    /** Cognito mode: where the user pool's API and signing keys are, when not AWS's regional endpoint (moto, a private endpoint). */
    COGNITO_ENDPOINT: optionalUrl.transform((v) => v?.replace(/\/+$/, "")),
    /** Cognito mode, API clients: the pool's hosted domain (token URL https://<domain>/oauth2/token) and their scope. */
    COGNITO_OAUTH_DOMAIN: optionalText.transform((v) => v?.replace(/^https?:\/\//, "").replace(/\/+$/, "")),
    COGNITO_API_SCOPE: optionalText,
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    /** An S3-compatible endpoint (moto, MinIO): the bucket is then addressed path-style, by the browser's form and the server alike. */
    S3_ENDPOINT: optionalUrl.transform((v) => v?.replace(/\/+$/, "")),
    /** Local storage: the HMAC secret of upload policies; derived from the identity key (or DATA_DIR/keys) when unset. */
    UPLOAD_SIGNING_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters"),
    /** How often the document worker looks for queued items (an upload also wakes it at once). */
    PROCESSING_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
    SMTP_URL: optionalText,
    MAIL_FROM: z.string().trim().min(3).default("Steward <no-reply@steward.test>"),
    MAINTENANCE_MODE: flag.default(false),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Requests a minute per signed-in user or API client, and per address for anonymous calls. */
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1000),
    TRUST_PROXY: z
      .string()
      .default("")
      .transform((v, ctx): TrustProxy => {
        const parsed = parseTrustProxy(v);
        if (typeof parsed === "object" && !Array.isArray(parsed) && parsed !== null) {
          ctx.addIssue({ code: "custom", message: parsed.error });
          return z.NEVER;
        }
        return parsed;
      }),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
    IDLE_TIMEOUT_MINUTES: z.coerce.number().min(0.05).max(24 * 60).default(30),
    TERMS_URL: z.string().trim().default("/terms.html"),
    PRIVACY_URL: z.string().trim().default("/privacy.html"),
    RESOURCES_URL: z.string().trim().default("https://artificialintelligenceact.eu/"),
    SEED_DEMO: flag.default(true),
    /**
     * The hosts model endpoints may be on (host, host:port, CIDR; `http://` before one allows plain HTTP to it):
     * server/outbound/allowlist.ts. Empty (the default): no model endpoint can be called.
     */
    MODEL_ENDPOINT_ALLOWLIST: allowlistSetting,
    /**
     * Where companies' identity providers may be besides public https hosts (same syntax): a provider on a
     * private, loopback or link-local address, or on plain http, is called only when listed here.
     */
    SSO_PROVIDER_ALLOWLIST: allowlistSetting,
    /**
     * The DNS resolver that checks e-mail domains' verification records: an IP address with an optional port
     * (`127.0.0.1:5353`, `[::1]:53`). Unset: the system's resolvers.
     */
    DNS_RESOLVER: optionalText.refine((v) => v === undefined || validResolver(v), "must be an IP address with an optional port, such as 10.0.0.2 or 127.0.0.1:5353"),
    /** The secret model endpoint tokens are encrypted with (shared by every instance); a key file in DATA_DIR/keys when unset. */
    MODEL_ENDPOINT_TOKEN_KEY: optionalText.refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters"),
    /** The secret identity provider client secrets and authenticator-app secrets are encrypted with (shared by every instance); a key file in DATA_DIR/keys when unset. */
    IDENTITY_SECRET_KEY: optionalText.refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters"),
    /** The HMAC key of every company's audit chain (32 bytes, hex or base64); a key file in DATA_DIR/keys when unset. */
    AUDIT_CHAIN_KEY: optionalText.refine((v) => v === undefined || parseAuditChainKey(v) !== null, "must be 32 bytes written as hex (64 digits) or base64"),
    /** How long one request to a model endpoint may take before it is retried, then given up. */
    MODEL_ENDPOINT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** Which environment this is (loc, dev, stg, prd): tags every report and trace; outside prd the top bar shows it. */
    APP_ENV: z.enum(APP_ENVIRONMENTS).default("loc"),
    /** Error reporting (Sentry): the server's DSN, and the browser's when it differs. Unset: nothing is reported. */
    SENTRY_DSN: optionalUrl,
    SENTRY_DSN_WEB: optionalUrl,
    /** Product analytics (PostHog): the project key and the instance. Unset key: nothing is loaded or sent. */
    POSTHOG_KEY: optionalText,
    POSTHOG_HOST: optionalUrl.default("https://us.i.posthog.com"),
    /** An external OpenFeature Remote Evaluation Protocol service for both sides; unset: our own flag service at /ofrep. */
    FLAGS_OFREP_URL: optionalUrl,
    /** The bearer token /metrics asks for; unset: /metrics is not served. */
    METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, "must be at least 16 characters"),
    /** Where OpenTelemetry traces are exported over OTLP/HTTP; unset: no traces. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  })
  .superRefine((c, ctx) => {
    const cognito = [c.COGNITO_USER_POOL_ID, c.COGNITO_CLIENT_ID, c.COGNITO_REGION];
    if (cognito.some(Boolean) && !cognito.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["COGNITO_USER_POOL_ID"],
        message: "set COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID and COGNITO_REGION together, or none of them",
      });
    }
  });

export type Env = z.infer<typeof configSchema>;

export interface Config extends Env {
  publicUrl: string;
  /** Local identity service and disk storage unless real AWS services are configured. */
  identityMode: "local" | "cognito";
  storageMode: "local" | "s3";
}


/** Reads `.env` (when present) under the real environment, validates, and names the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, envFile = ".env"): Config {
  if (env === process.env && existsSync(envFile)) process.loadEnvFile(envFile);
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? "configuration");
    throw new StartError(`Invalid setting ${name}: ${issue.message}. Fix it in the environment or .env and start again.`);
  }
  const c = parsed.data;
  return {
    ...c,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    identityMode: c.COGNITO_USER_POOL_ID ? "cognito" : "local",
    storageMode: c.S3_BUCKET ? "s3" : "local",
  };
}
