import { useState } from "react";
import { Alert, Box, Button, LinearProgress, Typography } from "@mui/material";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import { useTranslation } from "react-i18next";
import type { Import } from "../../../domain/entities/import";
import type { ImportEntity } from "../../../domain/imports/fields";
import { DownloadMenu } from "../../components/downloads/DownloadMenu";
import { IMPORTS_RESOURCE, useImportCalls } from "./import-api";

/** Step 1: the template to start from, and the file to upload (checked by the server at once). */
export function UploadStep({ entity, onUploaded }: { entity: ImportEntity; onUploaded: (imported: Import) => void }) {
  const { t } = useTranslation();
  const { upload } = useImportCalls();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      onUploaded(await upload(entity, file));
    } catch (error) {
      setFailure(t("imports.wizard.upload.failed", { message: (error as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 2, justifyItems: "start" }}>
      <DownloadMenu
        label={t("imports.wizard.template.label")}
        menuLabel={t("imports.wizard.template.label")}
        busyLabel={t("imports.wizard.template.preparing")}
        failedKey="imports.wizard.template.failed"
        choices={(["csv", "xlsx"] as const).map((format) => ({
          label: t(`imports.wizard.template.${format}`),
          path: `/${IMPORTS_RESOURCE}/template`,
          query: () => ({ entity, format }),
          fallbackName: `${entity}-template.${format}`,
        }))}
      />
      <Button variant="contained" component="label" startIcon={<UploadFileOutlined />} disabled={busy}>
        {t("imports.wizard.upload.choose")}
        <input
          hidden
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label={t("imports.wizard.upload.choose")}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </Button>
      {busy && (
        <Box sx={{ width: 320 }}>
          <Typography variant="body2">{t("imports.wizard.upload.reading")}</Typography>
          <LinearProgress aria-label={t("imports.wizard.upload.reading")} />
        </Box>
      )}
      {failure && (
        <Alert severity="error" role="alert" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}
