import { useState } from "react";
import { Button, Stack } from "@mui/material";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { ExportFormat } from "../../../domain/entities/audit";
import { apiBlob } from "../../providers/api-client";
import { filterParams } from "../../providers/data-provider";
import { notify } from "../../providers/notifications";
import { useFeatureFlag } from "../../providers/feature-flags";
import { saveBlob } from "../applications/documents/document-format";

/**
 * The file of what the grid shows: GET /audit/export with the grid's own filters and sort (the list's query
 * parameters, which every list export takes), as CSV or .xlsx.
 */
export function AuditExport({ filters, sorters }: { filters: CrudFilter[]; sorters: CrudSort[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const exportOn = useFeatureFlag("data-export");
  const download = async (format: ExportFormat) => {
    const query = new URLSearchParams({ format });
    const sort = sorters[0];
    if (sort) query.set("sort", `${sort.order === "desc" ? "-" : ""}${sort.field}`);
    for (const [name, value] of Object.entries(filterParams(filters))) for (const v of Array.isArray(value) ? value : [value]) query.append(name, v);
    setBusy(format);
    try {
      saveBlob(await apiBlob(`/audit/export?${query}`), `audit-log-${new Date().toISOString().slice(0, 10)}.${format}`);
    } catch (error) {
      notify({ severity: "error", message: t("audit.export.failed", { message: (error as Error).message }) });
    } finally {
      setBusy(null);
    }
  };
  if (!exportOn) return null;
  return (
    <Stack direction="row" spacing={1}>
      {(["csv", "xlsx"] as const).map((format) => (
        <Button key={format} startIcon={<DownloadOutlined />} disabled={busy !== null} onClick={() => void download(format)}>
          {t(`audit.export.${format}`)}
        </Button>
      ))}
    </Stack>
  );
}
