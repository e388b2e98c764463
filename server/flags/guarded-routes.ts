import type { FastifyRequest } from "fastify";
import type { ProductFlagKey } from "../../domain/flags/catalogue";

/** A feature of the product behind a flag: what it refuses when the flag is off for the caller. */
interface Guard {
  flag: ProductFlagKey;
  detail: string;
  /** The routes of the feature, as Fastify spells them (`/v2/applications/:id/dossier`). */
  matches(method: string, url: string): boolean;
  /** Routes shared with other features: whether this request is the guarded kind (its body is parsed by then). */
  applies?(request: FastifyRequest): boolean;
}

const DATA_EXPORT_ROUTES = [/\/export$/, /\/dossier$/, /\/compliance-report$/, /\/results\.(csv|xlsx)$/, /\/bias-audit\.pdf$/];
const LLM_ROUTES = [/^\/v2\/testing\/llm(\/|$)/, /^\/v2\/testing\/prompt-sets(\/|$)/, /\/testing\/prompt-runs$/];

export const FEATURE_GUARDS: Guard[] = [
  {
    flag: "data-export",
    detail: "Data export is turned off for your company.",
    matches: (_method, url) => url.startsWith("/v2/") && DATA_EXPORT_ROUTES.some((r) => r.test(url)),
  },
  {
    flag: "llm-testing",
    detail: "LLM testing is turned off for your company.",
    matches: (_method, url) => LLM_ROUTES.some((r) => r.test(url)),
  },
  {
    flag: "llm-testing",
    detail: "LLM testing is turned off for your company.",
    matches: (method, url) => method === "POST" && url === "/v2/applications/:id/testing/tasks",
    applies: (request) => (request.body as { data_source?: unknown } | undefined)?.data_source === "fairness_llm_user",
  },
];
