import { useRef, useState, type ChangeEvent } from "react";
import { Alert, Box, Button, LinearProgress, Typography } from "@mui/material";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { useTranslation } from "react-i18next";
import { DOCUMENT_ACCEPT } from "../../../../domain/entities/document";
import { precheck, useUploadDocument } from "./use-documents";

/** The upload button with its progress bar and the spec's "File upload in progress. Please wait..." message. */
export function UploadDocument({ applicationId, onDone }: { applicationId: string; onDone(): void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { upload, progress, uploading } = useUploadDocument(applicationId);
  const [outcome, setOutcome] = useState<{ severity: "success" | "error"; text: string } | null>(null);

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again fires another change.
    event.target.value = "";
    if (!file) return;
    const problem = precheck(file);
    if (problem) {
      setOutcome({ severity: "error", text: t("documents.uploadFailed", { name: file.name, message: t(`documents.errors.${problem}`) }) });
      return;
    }
    setOutcome(null);
    try {
      await upload(file);
      setOutcome({ severity: "success", text: t("documents.uploaded", { name: file.name }) });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      const message = status === 413 ? t("documents.errors.tooLarge") : status === 400 ? t("documents.errors.type") : (error as Error).message;
      setOutcome({ severity: "error", text: t("documents.uploadFailed", { name: file.name, message }) });
    } finally {
      onDone();
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Button variant="contained" startIcon={<UploadFileIcon />} disabled={uploading} onClick={() => input.current?.click()}>
          {t("documents.upload")}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t("documents.uploadHint")}
        </Typography>
        <input ref={input} type="file" hidden accept={DOCUMENT_ACCEPT} aria-label={t("documents.upload")} data-testid="document-file-input" onChange={chosen} />
      </Box>
      {uploading && (
        <Box role="status" sx={{ display: "grid", gap: 0.5 }}>
          <Typography variant="body2">{t("common.messages.uploadInProgress")}</Typography>
          <LinearProgress variant="determinate" value={progress ?? 0} aria-label={t("documents.uploadProgress")} />
        </Box>
      )}
      {outcome && (
        <Alert severity={outcome.severity} role={outcome.severity === "error" ? "alert" : "status"} onClose={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      )}
    </Box>
  );
}
