import { z } from "zod";

/** GET /config.json: the browser's run-time settings. */
export const clientConfigSchema = z.object({
  auth: z.object({
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    /** Set in local mode: Amplify then sends every user-pool call here instead of to AWS. */
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
});

export type ClientConfig = z.infer<typeof clientConfigSchema>;
