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
  }),
  maintenance: z.boolean(),
  idleTimeoutMinutes: z.number(),
  links: z.object({ terms: z.string(), privacy: z.string(), resources: z.string() }),
});

export type ClientConfig = z.infer<typeof clientConfigSchema>;
