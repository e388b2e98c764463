import { Alert, Box, Button } from "@mui/material";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import { useTranslation } from "react-i18next";
import { useFeatureFlag } from "../../../providers/feature-flags";
import { DOWNLOADS, useResultDownloads } from "./result-downloads";

interface Props {
  applicationId: string;
  taskId: string;
  /** The names the saved files are called after. */
  names: { application: string; test: string };
}

/** The results as CSV and Excel, and the bias-audit summary to publish as PDF; a failed download says why. */
export function ResultDownloads({ applicationId, taskId, names }: Props) {
  const { t } = useTranslation();
  const { download, busy, failure, dismissFailure } = useResultDownloads(applicationId, taskId, names);
  if (!useFeatureFlag("data-export")) return null;
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Box role="group" aria-label={t("testing-results.downloads.label")} sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {DOWNLOADS.map((kind) => (
          <Button key={kind} variant="outlined" startIcon={<DownloadOutlined />} disabled={busy !== null} onClick={() => void download(kind)}>
            {t(`testing-results.downloads.${kind}`)}
          </Button>
        ))}
      </Box>
      {failure && (
        <Alert severity="error" role="alert" onClose={dismissFailure}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}
