import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from "react";
import { useParams, useSearchParams } from "react-router";
import { Alert, AppBar, Box, Button, Chip, LinearProgress, Toolbar, Typography } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import { useCustom, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { CSV, DOCX, PDF, XLSX, type ApplicationDocument } from "../../../domain/entities/document";
import { apiBlob } from "../../providers/api-client";
import { saveBlob, typeLabel } from "../../resources/applications/documents/document-format";

interface ViewProps {
  blob: Blob;
  name: string;
  onError(error: Error): void;
}

/** One renderer per type, each its own chunk: pdf.js, mammoth and the sheet reader load only when needed. */
const VIEWS: Record<string, ComponentType<ViewProps>> = {
  [PDF]: lazy(() => import("./PdfView")),
  [DOCX]: lazy(() => import("./DocxView")),
  [CSV]: lazy(() => import("./CsvView")),
  [XLSX]: lazy(() => import("./XlsxView")),
};

type Loaded = { document: ApplicationDocument; blob: Blob | null };

/**
 * /document-viewer/{documentId}?application={id}: protected, outside the main layout, so the
 * document has the whole window. Types it cannot show (.doc) are offered as a download.
 */
export default function DocumentViewerPage() {
  const { t } = useTranslation();
  const { documentId = "" } = useParams();
  const [search] = useSearchParams();
  const applicationId = search.get("application") ?? "";
  const base = `/applications/${encodeURIComponent(applicationId)}/documents/${encodeURIComponent(documentId)}`;
  const { result, query } = useCustom<ApplicationDocument, HttpError>({
    url: base,
    method: "get",
    queryOptions: { enabled: Boolean(applicationId), retry: false },
    errorNotification: false,
  });
  const found = applicationId && query.isSuccess ? result.data : undefined;
  const [content, setContent] = useState<{ id: string; blob: Blob } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onError = useCallback((error: Error) => setFailure(t("documents.viewer.failed", { message: error.message })), [t]);
  const failed = useCallback(
    (error: { statusCode?: number; message: string }) =>
      setFailure(error.statusCode === 404 || error.statusCode === 400 ? t("documents.viewer.notFound") : t("documents.viewer.failed", { message: error.message })),
    [t],
  );

  const readError = query.error;
  useEffect(() => {
    if (readError) failed(readError);
  }, [readError, failed]);

  // The bytes, once the document is known and ready: a document still being checked shows its status instead.
  const readyId = found?.status === "ready" ? found.id : null;
  useEffect(() => {
    if (!readyId) return;
    const controller = new AbortController();
    apiBlob(`${base}/content`, controller.signal).then(
      (blob) => setContent({ id: readyId, blob }),
      (error: { statusCode?: number; message: string }) => controller.signal.aborted || failed(error),
    );
    return () => controller.abort();
  }, [base, readyId, failed]);
  const loaded: Loaded | null = !found
    ? null
    : found.status !== "ready"
      ? { document: found, blob: null }
      : content?.id === found.id
        ? { document: found, blob: content.blob }
        : null;

  useEffect(() => {
    document.title = loaded ? `${loaded.document.name} — Steward` : t("documents.viewer.title");
  }, [loaded, t]);

  const View = loaded?.document.content_type ? VIEWS[loaded.document.content_type] : undefined;
  const download = loaded?.blob ? () => saveBlob(loaded.blob!, loaded.document.name) : undefined;

  return (
    <Box sx={{ minHeight: "100vh", bgcolor: "grey.100" }}>
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" component="h1" noWrap sx={{ flex: 1 }}>
            {loaded?.document.name ?? t("documents.viewer.title")}
          </Typography>
          {loaded && <Chip size="small" label={typeLabel(t, loaded.document.content_type)} />}
          {download && (
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
              {t("documents.download")}
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: 2 }}>
        {!applicationId && <Alert severity="warning">{t("documents.viewer.noApplication")}</Alert>}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {applicationId && !loaded && !failure && <LinearProgress aria-label={t("documents.viewer.loading")} />}
        {loaded && !loaded.blob && (
          <Alert severity="info">{t("documents.viewer.notReady", { status: t(`documents.status.${loaded.document.status}`) })}</Alert>
        )}
        {loaded?.blob && !failure && View && (
          <Suspense fallback={<LinearProgress aria-label={t("documents.viewer.loading")} />}>
            <View blob={loaded.blob} name={loaded.document.name} onError={onError} />
          </Suspense>
        )}
        {loaded?.blob && !View && (
          <Box sx={{ display: "grid", gap: 2, justifyItems: "start" }}>
            <Alert severity="info">{t("documents.viewer.downloadOffer")}</Alert>
            <Button variant="contained" startIcon={<DownloadIcon />} onClick={download}>
              {t("documents.downloadLabel", { name: loaded.document.name })}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
