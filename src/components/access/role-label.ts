import { useCallback } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** Role names are identifiers ("ApplicationContributor"); people read labels. An unknown role shows its name. */
export const roleLabel = (t: TFunction, name: string) => t(`access.roles.${name}`, { defaultValue: name });

export function useRoleLabel(): (name: string) => string {
  const { t } = useTranslation();
  return useCallback((name: string) => roleLabel(t, name), [t]);
}
