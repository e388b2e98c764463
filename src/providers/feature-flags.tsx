import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useGetIdentity } from "@refinedev/core";
import type { CurrentUser } from "../../domain/access/current-user";
import { PRODUCT_FLAGS, type FlagValues, type ProductFlagKey } from "../../domain/flags/catalogue";
import { useClientConfig } from "./client-config";

const FlagValuesContext = createContext<FlagValues>({});

/**
 * Whether a feature of the product is on for the signed-in user. Until the flag service has answered (or when
 * it cannot be reached) this is the flag's default, so a feature that is on never flickers off while loading.
 */
export function useFeatureFlag(key: ProductFlagKey): boolean {
  return useContext(FlagValuesContext)[key] ?? PRODUCT_FLAGS[key].defaultValue;
}

/** Shows features as given (a test, a page rendered outside the signed-in app). */
export function FeatureFlagValues({ values, children }: { values: FlagValues; children: ReactNode }) {
  return <FlagValuesContext.Provider value={values}>{children}</FlagValuesContext.Provider>;
}

/**
 * Evaluates the product flags for the signed-in user through OpenFeature (the web SDK with the OFREP provider),
 * at our own flag service or the one /config.json names. The SDK is loaded only here, after sign-in, as a
 * chunk of its own: the sign-in page never carries it.
 */
export function FeatureFlagsProvider({ children }: { children: ReactNode }) {
  const { flags } = useClientConfig();
  const { data: user } = useGetIdentity<CurrentUser>();
  const [values, setValues] = useState<FlagValues>({});
  const roles = user?.roles.map((r) => r.name).join(",");

  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    import("./openfeature-flags")
      .then(({ watchFlags }) => {
        if (cancelled) return;
        stop = watchFlags({ baseUrl: flags.ofrepUrl ?? window.location.origin, user }, setValues);
      })
      // The chunk could not load (offline, a new deployment): features keep their defaults.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
    // The same person with the same roles keeps the same evaluation.
  }, [flags.ofrepUrl, user?.id, user?.companyId, roles]);

  return <FlagValuesContext.Provider value={values}>{children}</FlagValuesContext.Provider>;
}
