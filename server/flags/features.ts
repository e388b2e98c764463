import type { ProductFlagKey } from "../../domain/flags/catalogue";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The product features a route belongs to: refused while any of their flags is off for the caller. Every
     * export or download declares `data-export`, every route of the LLM testing area `llm-testing`; a test
     * enumerates the registered routes to hold new ones to that.
     */
    features?: readonly ProductFlagKey[];
    /**
     * For a route shared by features: the feature this request belongs to, if any. Runs once the request is
     * authenticated and its parameters and body are validated.
     */
    featureOf?: (request: FastifyRequest) => ProductFlagKey | undefined | Promise<ProductFlagKey | undefined>;
  }
}

/** What a caller is answered (403) when a feature is turned off for them. */
export const FEATURE_REFUSALS: Record<ProductFlagKey, string> = {
  "data-export": "Data export is turned off for your company.",
  "llm-testing": "LLM testing is turned off for your company.",
};
