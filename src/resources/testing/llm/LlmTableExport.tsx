import { useState } from "react";
import { Alert, Box, Button } from "@mui/material";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import { useTranslation } from "react-i18next";
import type { LlmTableId } from "../../../../domain/entities/llm-results";
import { apiBlob } from "../../../providers/api-client";
import { saveBlob } from "../../applications/documents/document-format";
import { useFeatureFlag } from "../../../providers/feature-flags";
import { llmExportPath } from "./llm-api";

const FORMATS = ["csv", "xlsx"] as const;

/** The whole table as CSV or .xlsx, fetched with the user's bearer token (the files are not public). */
export function LlmTableExport({ documentId, tableId }: { documentId: string; tableId: LlmTableId }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<(typeof FORMATS)[number] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const exportOn = useFeatureFlag("data-export");
  const download = async (format: (typeof FORMATS)[number]) => {
    setBusy(format);
    setFailure(null);
    try {
      saveBlob(await apiBlob(llmExportPath(documentId, tableId, format)), `llm-${tableId}.${format}`);
    } catch (error) {
      setFailure(t("testing-llm.details.exportFailed", { message: (error as Error).message }));
    } finally {
      setBusy(null);
    }
  };
  if (!exportOn) return null;
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Box sx={{ display: "flex", gap: 1 }}>
        {FORMATS.map((format) => (
          <Button key={format} variant="outlined" size="small" startIcon={<DownloadOutlined />} disabled={busy !== null} onClick={() => void download(format)}>
            {t(`testing-llm.details.${format}`)}
          </Button>
        ))}
      </Box>
      {failure && (
        <Alert severity="error" role="alert" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}
