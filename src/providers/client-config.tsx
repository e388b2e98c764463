import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { Amplify } from "aws-amplify";
import { ConsoleLogger } from "aws-amplify/utils";
import type { ClientConfig } from "../../domain/api/client-config";
import { startErrorReporting } from "../telemetry/error-reporting";

const ClientConfigContext = createContext<ClientConfig | null>(null);

export function useClientConfig(): ClientConfig {
  const config = useContext(ClientConfigContext);
  if (!config) throw new Error("useClientConfig outside ClientConfigProvider");
  return config;
}

async function fetchClientConfig(): Promise<ClientConfig> {
  const response = await fetch("/config.json", { cache: "no-store" });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  // The server already answers through clientConfigSchema; parsing it again here would put zod in the first bundle.
  return (await response.json()) as ClientConfig;
}

/** Points Amplify at Cognito, or at the local identity service resolved against our own origin. */
function configureAmplify(config: ClientConfig, origin = window.location.origin): void {
  const { auth } = config;
  // Amplify warns on every load that a custom user-pool endpoint is in use; ours (the local identity service) is
  // deliberate, so that one call logs errors only. Amplify's other warnings still show.
  const level = ConsoleLogger.LOG_LEVEL;
  ConsoleLogger.LOG_LEVEL = auth.userPoolEndpoint ? "ERROR" : level;
  try {
    configureAuth(auth, origin);
  } finally {
    ConsoleLogger.LOG_LEVEL = level;
  }
}

function configureAuth(auth: ClientConfig["auth"], origin: string): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: auth.userPoolId,
        userPoolClientId: auth.userPoolClientId,
        ...(auth.userPoolEndpoint ? { userPoolEndpoint: new URL(auth.userPoolEndpoint, origin).toString() } : {}),
        loginWith: { email: true, username: true },
      },
    },
  });
}

/** A configuration already at hand (a test, or a page rendered outside the loader). */
export function ClientConfigValue({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ClientConfigContext.Provider value={config}>{children}</ClientConfigContext.Provider>;
}

/**
 * Loads /config.json once, configures Amplify, then renders the app (or `failed`, given the error, when the server
 * cannot be reached).
 */
export function ClientConfigProvider({ children, loading, failed }: { children: ReactNode; loading: ReactNode; failed: ReactNode | ((error: unknown) => ReactNode) }) {
  const [state, setState] = useState<{ config?: ClientConfig; error?: unknown }>({});
  useEffect(() => {
    fetchClientConfig().then(
      (config) => {
        configureAmplify(config);
        // Loaded on its own, after the first render: the sign-in page does not wait for it.
        void startErrorReporting(config);
        setState({ config });
      },
      (error: unknown) => setState({ error }),
    );
  }, []);
  if (state.error) return <>{typeof failed === "function" ? failed(state.error) : failed}</>;
  if (!state.config) return <>{loading}</>;
  return <ClientConfigContext.Provider value={state.config}>{children}</ClientConfigContext.Provider>;
}
