import { z } from "zod";

/** Where the product runs: local, development, staging, production. */
export const APP_ENVIRONMENTS = ["loc", "dev", "stg", "prd"] as const;
export type AppEnvironment = (typeof APP_ENVIRONMENTS)[number];

/** GET /config.json: the browser's run-time settings. */
export const clientConfigSchema = z.object({
  auth: z.object({
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    /**
     * Amplify sends every user-pool call here instead of to AWS's regional endpoint: the local service's path in local
     * mode, COGNITO_ENDPOINT's URL in Cognito mode when set (moto, a private endpoint).
     */
    userPoolEndpoint: z.string().optional(),
    region: z.string(),
    authFlowType: z.enum(["USER_PASSWORD_AUTH", "USER_SRP_AUTH"]),
    /** Which identity store answers: Amazon Cognito, or the service built into the API server. */
    mode: z.enum(["local", "cognito"]),
    /**
     * Hosted sign-in (corporate SSO): where `/oauth2/authorize`, `/oauth2/token` and `/logout` are served.
     * `origin` null means the page's own origin (local mode, on http for a developer or https behind a
     * proxy); Cognito's is `https://<the pool's domain>`. Absent when corporate sign-in is not set up.
     */
    oauth: z
      .object({
        origin: z.string().nullable(),
        scopes: z.array(z.string()),
      })
      .optional(),
  }),
  maintenance: z.boolean(),
  idleTimeoutMinutes: z.number(),
  links: z.object({ terms: z.string(), privacy: z.string(), resources: z.string() }),
  environment: z.enum(APP_ENVIRONMENTS),
  /** Error reporting, absent when not configured: nothing is loaded or sent then. */
  sentry: z.object({ dsn: z.string() }).optional(),
  /** Product analytics, absent when not configured. */
  posthog: z.object({ key: z.string(), host: z.string() }).optional(),
  /**
   * The base URL of the OpenFeature Remote Evaluation Protocol service the browser asks (it serves
   * `/ofrep/v1/evaluate/flags`); null means our own flag service at the page's origin.
   */
  flags: z.object({ ofrepUrl: z.string().nullable() }),
});

export type ClientConfig = z.infer<typeof clientConfigSchema>;
