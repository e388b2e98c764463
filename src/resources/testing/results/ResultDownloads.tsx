import { Alert, Box, Button } from "@mui/material";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import { useTranslation } from "react-i18next";
import { useFeatureFlag } from "../../../providers/feature-flags";
import { useResultDownloads, type ResultFile } from "./result-downloads";

interface Props {
  files: readonly ResultFile[];
  /** The names the saved files are called after. */
  names: { application: string; test: string };
}

/** A test's downloads (results as tables, the bias summary as PDF), behind the data-export flag; a failed download says why. */
export function ResultDownloads({ files, names }: Props) {
  const { t } = useTranslation();
  const { download, busy, failure, dismissFailure } = useResultDownloads(names);
  if (!useFeatureFlag("data-export")) return null;
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Box role="group" aria-label={t("testing-results.downloads.label")} sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {files.map((file) => (
          <Button key={file.kind} variant="outlined" startIcon={<DownloadOutlined />} disabled={busy !== null} onClick={() => void download(file)}>
            {t(`testing-results.downloads.${file.label}`)}
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
