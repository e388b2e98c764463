import { Box, Button, CircularProgress } from "@mui/material";
import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import { useTranslation } from "react-i18next";
import type { Application } from "../../../../domain/entities/application";
import { DownloadFailure } from "../../../components/downloads/DownloadFailure";
import { useFileDownload } from "../../../components/downloads/use-file-download";
import { useFeatureFlag } from "../../../providers/feature-flags";

/** Download dossier: the application's whole record as one PDF, in the user's language. */
export function DossierButton({ application }: { application: Pick<Application, "id" | "name"> }) {
  const { t } = useTranslation();
  const { download, busy, failure, dismissFailure } = useFileDownload("application-detail.dossier.failed");
  if (!useFeatureFlag("data-export")) return null;
  return (
    <Box sx={{ display: "inline-grid", gap: 1 }}>
      <Button
        size="small"
        startIcon={busy ? <CircularProgress size={16} aria-label={t("application-detail.dossier.preparing")} /> : <PictureAsPdfOutlined fontSize="small" />}
        disabled={busy}
        onClick={() => void download(`/applications/${application.id}/dossier`, {}, `${application.name}-dossier.pdf`)}
      >
        {t("application-detail.dossier.download")}
      </Button>
      <DownloadFailure message={failure} onClose={dismissFailure} />
    </Box>
  );
}
