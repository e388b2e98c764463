import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFile, type ApiRequest } from "../../providers/api-client";
import { saveBlob } from "./save-blob";
import { track } from "../../telemetry/analytics";

/**
 * Downloads a file the API generates (an export, a report) with the user's token, in the UI's language, and
 * saves it under the name the server gives it; a failure is kept, worded by `failedKey`, until dismissed.
 */
export function useFileDownload(failedKey: string) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = useCallback(
    async (path: string, query: ApiRequest["query"], fallbackName: string) => {
      setBusy(true);
      setFailure(null);
      try {
        const { blob, name } = await apiFile(path, { ...query, lang: i18n.resolvedLanguage ?? "en" });
        saveBlob(blob, name ?? fallbackName);
        // The path names what was exported and the ids it concerns; the query (filters, search text) stays here.
        track("export_downloaded", { export: path });
      } catch (error) {
        setFailure(t(failedKey, { message: (error as Error).message }));
      } finally {
        setBusy(false);
      }
    },
    [t, i18n.resolvedLanguage, failedKey],
  );
  return { download, busy, failure, dismissFailure: () => setFailure(null) };
}
