import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { activityText, type Translate } from "../../../../domain/audit/activity-text";

export type { ActivityEntry } from "../../../../domain/audit/activity-text";

/** What an audit entry says, for people, in the UI's language (the dossier words it the same way). */
export function useActivityText() {
  const { t } = useTranslation();
  return useMemo(() => activityText(t as unknown as Translate), [t]);
}
