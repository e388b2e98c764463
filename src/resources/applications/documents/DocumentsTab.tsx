import { useState } from "react";
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  Typography,
} from "@mui/material";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import DownloadIcon from "@mui/icons-material/Download";
import { useTranslation } from "react-i18next";
import type { ApplicationDocument } from "../../../../domain/entities/document";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";
import { apiBlob } from "../../../providers/api-client";
import { useApplication } from "../detail/application-api";
import { useApplicationPermissions } from "../detail/use-application-permissions";
import { formatSize, saveBlob, STATUS_COLORS, typeLabel, viewerPath } from "./document-format";
import { UploadDocument } from "./UploadDocument";
import { useDocuments } from "./use-documents";
import { TableHeader } from "../../../components/layout/TableHeader";

/** The Documents tab: upload with progress, the list with each document's processing status, open or download. */
export function DocumentsTab({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { result: application } = useApplication(applicationId);
  const { canEdit } = useApplicationPermissions(application);
  const { items, query } = useDocuments(applicationId);
  const [downloadFailure, setDownloadFailure] = useState<string | null>(null);

  const download = async (doc: ApplicationDocument) => {
    setDownloadFailure(null);
    try {
      saveBlob(await apiBlob(`/applications/${applicationId}/documents/${doc.id}/content`), doc.name);
    } catch (error) {
      setDownloadFailure(t("documents.downloadFailed", { message: (error as Error).message }));
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {canEdit && <UploadDocument applicationId={applicationId} onDone={() => void query.refetch()} />}
      {query.isLoading && <LinearProgress aria-label={t("documents.title")} />}
      {query.error && (
        <Alert severity="error" role="alert">
          {t("documents.loadFailed", { message: query.error.message })}
        </Alert>
      )}
      {downloadFailure && (
        <Alert severity="error" role="alert" onClose={() => setDownloadFailure(null)}>
          {downloadFailure}
        </Alert>
      )}
      {!query.isLoading && !query.error && items.length === 0 && <Typography color="text.secondary">{t("documents.empty")}</Typography>}
      {items.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t("documents.title")}>
            <TableHeader
              cells={[
                t("documents.columns.name"),
                t("documents.columns.type"),
                { label: t("documents.columns.size"), align: "right" },
                t("documents.columns.status"),
                t("documents.columns.uploadedBy"),
                t("documents.columns.createdAt"),
                t("documents.columns.actions"),
              ]}
            />
            <TableBody>
              {items.map((doc) => (
                <TableRow key={doc.id}>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>{doc.name}</TableCell>
                  <TableCell>{typeLabel(t, doc.content_type)}</TableCell>
                  <TableCell align="right">{formatSize(doc.size, i18n.resolvedLanguage ?? "en")}</TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLORS[doc.status]} label={t(`documents.status.${doc.status}`)} />
                    {doc.status === "error" && doc.error && (
                      <Typography variant="caption" color="error" component="p">
                        {t(doc.error, { defaultValue: t("documents.errors.failed") })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{doc.uploaded_by.name}</TableCell>
                  <TableCell>{formatDateTime(doc.created_at)}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>
                    {doc.status === "ready" && (
                      <>
                        <Button
                          size="small"
                          component="a"
                          href={viewerPath(applicationId, doc.id)}
                          target="_blank"
                          rel="noopener"
                          startIcon={<OpenInNewIcon />}
                          aria-label={t("documents.openLabel", { name: doc.name })}
                        >
                          {t("documents.open")}
                        </Button>
                        <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download(doc)} aria-label={t("documents.downloadLabel", { name: doc.name })}>
                          {t("documents.download")}
                        </Button>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
