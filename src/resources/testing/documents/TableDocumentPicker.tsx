import { useEffect, useMemo, useRef, useState, type ChangeEvent } from "react";
import { Alert, Box, Button, LinearProgress, MenuItem, TextField, Typography } from "@mui/material";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import type { HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { CSV, XLSX, type ApplicationDocument } from "../../../../domain/entities/document";
import { takeChosenFile, uploadFailure } from "../../applications/documents/upload-failure";
import { precheck, useDocuments, useUploadDocument } from "../../applications/documents/use-documents";

/** The files a test reads: CSV or Excel, as the server sniffed them. */
const TABLE_TYPES: readonly (string | null)[] = [CSV, XLSX];
const TABLE_ACCEPT = ".csv,.xlsx";
const isTable = (doc: ApplicationDocument) => TABLE_TYPES.includes(doc.content_type);

interface Props {
  applicationId: string;
  /** The chosen document's id, "" for none. */
  value: string;
  onChange(documentId: string): void;
  label: string;
  /** The field's error message, already in words. */
  error?: string;
  /** Whether the user may upload a file from here. */
  canUpload: boolean;
}

type Outcome = { severity: "success" | "error" | "info"; text: string };

/**
 * Picks a checked CSV or Excel document of the application, or uploads one: the upload is chosen once the
 * server's check has found it ready and a table.
 */
export function TableDocumentPicker({ applicationId, value, onChange, label, error, canUpload }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { items, query } = useDocuments(applicationId);
  const { upload, progress, uploading } = useUploadDocument(applicationId);
  // The uploaded document whose check the picker waits for.
  const [pending, setPending] = useState<{ id: string; name: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const tables = useMemo(() => items.filter((d) => d.status === "ready" && isTable(d)), [items]);

  useEffect(() => {
    const doc = pending && items.find((d) => d.id === pending.id);
    if (!doc || doc.status === "waiting" || doc.status === "analyzing" || doc.status === "created") return;
    setPending(null);
    if (doc.status === "error") {
      setOutcome({ severity: "error", text: t("testing.upload.failed", { name: doc.name, message: t(doc.error ?? "documents.errors.failed", { defaultValue: t("documents.errors.failed") }) }) });
    } else if (!isTable(doc)) {
      setOutcome({ severity: "error", text: t("testing.upload.notTable", { name: doc.name }) });
    } else {
      setOutcome({ severity: "success", text: t("testing.upload.ready", { name: doc.name }) });
      onChange(doc.id);
    }
  }, [pending, items, onChange, t]);

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = takeChosenFile(event);
    if (!file) return;
    const problem = precheck(file);
    if (problem) {
      setOutcome({ severity: "error", text: t("testing.upload.failed", { name: file.name, message: t(`documents.errors.${problem}`) }) });
      return;
    }
    setOutcome(null);
    try {
      const doc = await upload(file);
      setPending({ id: doc.id, name: file.name });
    } catch (failure) {
      setOutcome({ severity: "error", text: t("testing.upload.failed", { name: file.name, message: uploadFailure(t, failure as HttpError) }) });
    } finally {
      void query.refetch();
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}>
        <TextField
          select
          required
          label={label}
          value={tables.some((d) => d.id === value) ? value : ""}
          onChange={(e) => onChange(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? (query.isLoading ? undefined : tables.length === 0 ? t("testing.upload.noTables") : t("testing.upload.help"))}
          disabled={query.isLoading || pending !== null}
          sx={{ flex: "1 1 260px" }}
        >
          {tables.map((doc) => (
            <MenuItem key={doc.id} value={doc.id}>
              {doc.name}
            </MenuItem>
          ))}
        </TextField>
        {canUpload && (
          <>
            <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={uploading || pending !== null} onClick={() => input.current?.click()} sx={{ mt: 1 }}>
              {t("testing.upload.button")}
            </Button>
            <input ref={input} type="file" hidden accept={TABLE_ACCEPT} aria-label={t("testing.upload.button")} data-testid="testing-file-input" onChange={chosen} />
          </>
        )}
      </Box>
      {query.error && <Alert severity="error">{t("testing.upload.loadFailed", { message: query.error.message })}</Alert>}
      {uploading && (
        <Box role="status" sx={{ display: "grid", gap: 0.5 }}>
          <Typography variant="body2">{t("common.messages.uploadInProgress")}</Typography>
          <LinearProgress variant="determinate" value={progress ?? 0} aria-label={t("testing.upload.progress")} />
        </Box>
      )}
      {pending && (
        <Box role="status" sx={{ display: "grid", gap: 0.5 }}>
          <Typography variant="body2">{t("testing.upload.checking", { name: pending.name })}</Typography>
          <LinearProgress aria-label={t("testing.upload.checking", { name: pending.name })} />
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
