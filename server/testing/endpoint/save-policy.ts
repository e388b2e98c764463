import type { Config } from "../../config";
import { badRequest } from "../../plugins/problem";
import { OutboundRefused, resolveTarget, type Resolve } from "../../outbound/target-policy";
import { modelEndpointPolicy } from "./model-client";

/** Field messages (i18n keys) when saving refuses a URL, by the policy's reason. */
const REFUSAL_MESSAGES: Record<OutboundRefused["reason"], string> = {
  bad_url: "testing.validation.endpointUrl",
  allowlist_empty: "testing.validation.endpointAllowlistEmpty",
  not_allowlisted: "testing.validation.endpointNotAllowed",
  plain_http: "testing.validation.endpointHttp",
  private_address: "testing.validation.endpointPrivate",
  unresolvable: "testing.validation.endpointUnresolvable",
};

/** Saving checks the URL against the policy at once (so users learn early): a refusal is a 400 naming `url` and why. */
export async function assertCallable(url: string, config: Pick<Config, "MODEL_ENDPOINT_ALLOWLIST">, resolve?: Resolve): Promise<void> {
  try {
    await resolveTarget(url, modelEndpointPolicy(config.MODEL_ENDPOINT_ALLOWLIST), resolve);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    throw badRequest(error.message, [{ path: "url", message: REFUSAL_MESSAGES[error.reason] }]);
  }
}
