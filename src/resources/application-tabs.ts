import { useMemo } from "react";
import { useResourceParams } from "@refinedev/core";
import type { ApplicationTab } from "./types";

/** The tabs other resources add to the application's page (their `applicationTab`), in resource order. */
export function useApplicationTabs(): ApplicationTab[] {
  const { resources } = useResourceParams();
  return useMemo(() => resources.flatMap((r) => (r.meta?.applicationTab ? [r.meta.applicationTab as ApplicationTab] : [])), [resources]);
}
