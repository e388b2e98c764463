import { useRef, useState, type ChangeEvent } from "react";
import { Alert, Box, Button, Card, CardContent, CircularProgress, LinearProgress, Typography } from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import { useCustomMutation, useInvalidate, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Company } from "../../../domain/entities/company";
import { COMPANY_API, COMPANY_RESOURCE } from "./api-path";
import { apiUpload } from "../../providers/api-client";
import { SINGLETON_ID } from "../define-resource";
import { notify } from "../../providers/notifications";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog";
import { LOGO_ACCEPT, logoFileProblem } from "./logo-file";
import { useLogoPreview } from "./use-logo-preview";

/** The server's word on a failed upload: the `file` field's message (e.g. the accepted types), else the detail. */
function uploadMessage(error: HttpError): string {
  const fileErrors = error.errors?.file;
  const first = Array.isArray(fileErrors) ? fileErrors[0] : fileErrors;
  return typeof first === "string" ? first : error.message;
}

/** The company's logo: preview, upload with progress (POST /company/logo) and removal. */
export function CompanyLogoCard({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { mutateAsync: custom } = useCustomMutation();
  const invalidate = useInvalidate();
  // The company now carries the new logo address: refetched, so the page shows it.
  const reload = () => invalidate({ resource: COMPANY_RESOURCE, id: SINGLETON_ID, invalidates: ["detail"] });
  const preview = useLogoPreview(company.logo_url);
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const uploading = percent !== null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be chosen again after a failure.
    if (input.current) input.current.value = "";
    if (!file) return;
    const problem = logoFileProblem(file);
    setError(problem && t(problem));
    if (problem) return;
    setPercent(0);
    try {
      await apiUpload<Company>({ path: `/${COMPANY_API}/logo`, file, onProgress: setPercent });
      notify({ message: t("company.logo.uploaded"), severity: "success" });
      await reload();
    } catch (failure) {
      const httpError = failure as HttpError;
      setError(httpError.statusCode === 413 ? t("company.logo.tooLarge") : uploadMessage(httpError));
    } finally {
      setPercent(null);
    }
  };

  const remove = async () => {
    await custom({
      url: `/${COMPANY_API}/logo`,
      method: "delete",
      values: {},
      successNotification: () => ({ message: t("company.logo.removed"), type: "success" }),
      errorNotification: (failure) => ({ message: failure?.message ?? "", type: "error" }),
    });
    setError(null);
    await reload();
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ display: "grid", gap: 2 }}>
        <div>
          <Typography variant="h6" component="h2">
            {t("company.logo.title")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("company.logo.hint")}
          </Typography>
        </div>
        <Box
          sx={{
            width: 240,
            height: 120,
            border: 1,
            borderColor: "divider",
            borderRadius: 1,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            p: 1,
          }}
        >
          {preview.src ? (
            <Box component="img" src={preview.src} alt={t("company.logo.alt")} sx={{ maxWidth: "100%", maxHeight: "100%", objectFit: "contain" }} />
          ) : preview.loading ? (
            <CircularProgress size={24} aria-label={t("company.logo.alt")} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {preview.failed ? t("company.logo.loadFailed") : t("company.logo.none")}
            </Typography>
          )}
        </Box>
        {uploading && (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <LinearProgress variant="determinate" value={percent} aria-label={t("company.logo.uploadProgress")} sx={{ flex: 1 }} />
            <Typography variant="body2" color="text.secondary" role="status">
              {t("company.logo.uploading", { percent })}
            </Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button component="label" variant="contained" startIcon={<UploadFileOutlined />} disabled={uploading}>
            {t("company.logo.upload")}
            <input ref={input} type="file" accept={LOGO_ACCEPT} hidden onChange={choose} disabled={uploading} data-testid="logo-file-input" />
          </Button>
          {company.logo_url && (
            <Button color="error" variant="outlined" startIcon={<DeleteOutline />} disabled={uploading} onClick={() => setConfirming(true)}>
              {t("company.logo.remove")}
            </Button>
          )}
        </Box>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t("company.logo.removeTitle")}
        confirmLabel={t("company.logo.remove")}
        destructive
        onClose={() => setConfirming(false)}
        onConfirm={remove}
      >
        {t("company.logo.removeText")}
      </ConfirmDialog>
    </Card>
  );
}
