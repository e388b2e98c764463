import { useMemo, useState } from "react";
import { Alert, Box, Button, Checkbox, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from "@mui/material";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Import, ImportMode, ImportRow, ImportRowError } from "../../../domain/entities/import";
import { tierLabelKey } from "../../../domain/risk";
import { vendorRiskLevelKey } from "../../../domain/vendors";
import { useGridLocaleText } from "../../components/data-grid/grid-support";
import { useImportCalls } from "./import-api";

/** A problem of a row in words: the column it is in, then what is wrong. */
export function problemText(t: TFunction, error: ImportRowError): string {
  const message = t(error.message, { ...error.params, defaultValue: error.message });
  return error.column ? t("imports.wizard.review.problem", { column: error.column, message }) : message;
}

function reviewColumns(t: TFunction, imported: Import): GridColDef<ImportRow>[] {
  const rating: GridColDef<ImportRow> =
    imported.entity === "applications"
      ? { field: "risk_tier", headerName: t("imports.wizard.review.tier"), width: 140, sortable: false, valueGetter: (_v, row) => (row.action ? t(tierLabelKey(row.risk_tier ?? null)) : "") }
      : { field: "risk_level", headerName: t("imports.wizard.review.riskLevel"), width: 140, sortable: false, valueGetter: (_v, row) => (row.risk_level ? t(vendorRiskLevelKey(row.risk_level)) : "") };
  return [
    { field: "line", headerName: t("imports.wizard.review.line"), width: 80, type: "number" },
    { field: "name", headerName: t("imports.wizard.review.name"), flex: 1, minWidth: 180 },
    { field: "action", headerName: t("imports.wizard.review.action"), width: 130, valueGetter: (_v, row) => t(`imports.wizard.review.${row.action ?? "none"}`) },
    rating,
    {
      field: "errors",
      headerName: t("imports.wizard.review.problems"),
      flex: 2,
      minWidth: 260,
      sortable: false,
      valueGetter: (_v, row) => (row.errors.length ? row.errors.map((e) => problemText(t, e)).join("\n") : t("imports.wizard.review.noProblems")),
      renderCell: ({ row }) =>
        row.errors.length ? (
          <Box component="ul" sx={{ m: 0, pl: 2, color: "error.main" }}>
            {row.errors.map((e, i) => (
              <li key={i}>{problemText(t, e)}</li>
            ))}
          </Box>
        ) : (
          t("imports.wizard.review.noProblems")
        ),
    },
  ];
}

/** Step 3: every row with what importing it does, the tier it would get and its problems; then the choice of what to import. */
export function ReviewStep({ imported, onCommitted }: { imported: Import; onCommitted: (done: Import) => void }) {
  const { t } = useTranslation();
  const localeText = useGridLocaleText();
  const { commit } = useImportCalls();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [mode, setMode] = useState<ImportMode>("valid_rows");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const columns = useMemo(() => reviewColumns(t, imported), [t, imported]);
  const rows = onlyProblems ? imported.rows.filter((r) => r.errors.length) : imported.rows;
  const { counts } = imported;

  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onCommitted(await commit(imported.id, mode));
    } catch (error) {
      setFailure(t("imports.wizard.review.failed", { message: (error as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography role="status">{t("imports.wizard.review.counts", counts)}</Typography>
      <FormControlLabel control={<Checkbox checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} />} label={t("imports.wizard.review.onlyProblems")} />
      <DataGrid
        aria-label={t("imports.wizard.review.rowsLabel")}
        rows={rows}
        columns={columns}
        getRowId={(row) => row.line}
        getRowHeight={() => "auto"}
        autoHeight
        disableColumnFilter
        localeText={localeText}
        pageSizeOptions={[10, 25, 50, 100]}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        sx={{ "& .MuiDataGrid-cell": { py: 1 } }}
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">{t("imports.wizard.review.mode")}</FormLabel>
        <RadioGroup value={mode} onChange={(e) => setMode(e.target.value as ImportMode)}>
          <FormControlLabel value="valid_rows" control={<Radio />} label={t("imports.wizard.review.validRows")} />
          <FormControlLabel value="all_or_nothing" control={<Radio />} label={t("imports.wizard.review.allOrNothing")} />
        </RadioGroup>
      </Box>
      {counts.valid === 0 && <Alert severity="warning">{t("imports.wizard.review.nothingValid")}</Alert>}
      {failure && (
        <Alert severity="error" role="alert" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Box>
        <Button variant="contained" onClick={() => void run()} disabled={busy || counts.valid === 0}>
          {busy ? t("imports.wizard.review.importing") : t("imports.wizard.review.import")}
        </Button>
      </Box>
    </Box>
  );
}
