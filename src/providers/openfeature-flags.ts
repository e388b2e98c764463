import { OpenFeature, ProviderEvents, type EvaluationContext } from "@openfeature/web-sdk";
import { OFREPWebProvider } from "@openfeature/ofrep-web-provider";
import { fetchAuthSession } from "aws-amplify/auth";
import type { CurrentUser } from "../../domain/access/current-user";
import { PRODUCT_FLAGS, type FlagValues, type ProductFlagKey } from "../../domain/flags/catalogue";
import { commonHeaders } from "./api-client";
import { flagClientId } from "./flag-client-id";

/** How often changed flags are picked up without a reload. */
const POLL_MS = 60_000;

/** The evaluation context: the user (id, company, roles) and this browser's identifier. */
export function flagContext(user: Pick<CurrentUser, "id" | "companyId" | "roles">): EvaluationContext {
  return { targetingKey: user.id, clientId: flagClientId(), companyId: user.companyId, roles: user.roles.map((r) => r.name) };
}

/** The user's current access token, asked for on every evaluation request (it is refreshed hourly). */
async function authorization(): Promise<[string, string][]> {
  const token = (await fetchAuthSession()).tokens?.accessToken?.toString();
  return token ? [["Authorization", `Bearer ${token}`]] : [];
}

/**
 * Points OpenFeature at the OFREP service for this user and reports the product flags whenever they are
 * (re)evaluated. Answers a function that stops it (sign-out, another user).
 */
export function watchFlags(options: { baseUrl: string; user: Pick<CurrentUser, "id" | "companyId" | "roles"> }, onValues: (values: FlagValues) => void): () => void {
  const provider = new OFREPWebProvider({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headersFactory: authorization,
    pollInterval: POLL_MS,
    // Evaluations are the user's own: none are kept in the browser's storage.
    cacheMode: "disabled",
  });
  // The server evaluates flags with the same client-side identifier the flag service sees.
  commonHeaders["X-Client-Id"] = flagClientId();
  const client = OpenFeature.getClient();
  const report = () =>
    onValues(Object.fromEntries((Object.keys(PRODUCT_FLAGS) as ProductFlagKey[]).map((key) => [key, client.getBooleanValue(key, PRODUCT_FLAGS[key].defaultValue)])));
  const events = [ProviderEvents.Ready, ProviderEvents.ConfigurationChanged, ProviderEvents.ContextChanged];
  for (const event of events) client.addHandler(event, report);
  OpenFeature.setProvider(provider, flagContext(options.user));
  return () => {
    for (const event of events) client.removeHandler(event, report);
    void OpenFeature.clearProviders();
  };
}
