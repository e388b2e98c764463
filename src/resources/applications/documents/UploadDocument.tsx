import { useRef, useState, type ChangeEvent } from "react";
import { Alert, Box, Button, LinearProgress, Typography } from "@mui/material";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { useTranslation } from "react-i18next";
import { DOCUMENT_ACCEPT } from "../../../../domain/entities/document";
import type { HttpError } from "@refinedev/core";
import { precheck, useUploadDocument } from "./use-documents";
import { takeChosenFile, uploadFailure } from "./upload-failure";

/** The upload button with its progress bar and the "File upload in progress. Please wait..." message. */
export function UploadDocument({ applicationId, onDone }: { applicationId: string; onDone(): void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { upload, progress, uploading } = useUploadDocument(applicationId);
  const [outcome, setOutcome] = useState<{ severity: "success" | "error"; text: string } | null>(null);

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = takeChosenFile(event);
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
      setOutcome({ severity: "error", text: t("documents.uploadFailed", { name: file.name, message: uploadFailure(t, error as HttpError) }) });
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
