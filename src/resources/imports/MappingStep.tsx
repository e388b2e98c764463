import { useState } from "react";
import { Alert, Box, Button, MenuItem, Table, TableBody, TableCell, TableRow, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Import, ImportMapping } from "../../../domain/entities/import";
import { IMPORT_FIELDS } from "../../../domain/imports/fields";
import { TableHeader } from "../../components/layout/TableHeader";
import { useImportCalls } from "./import-api";

const NOT_IMPORTED = "";

/** Step 2: which column of the file each field is read from; checking sends the mapping and answers the rows checked again. */
export function MappingStep({ imported, onChecked }: { imported: Import; onChecked: (next: Import) => void }) {
  const { t } = useTranslation();
  const { map } = useImportCalls();
  const [mapping, setMapping] = useState<ImportMapping>(imported.mapping);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = IMPORT_FIELDS[imported.entity];

  const choose = (field: string, column: string) =>
    setMapping((current) => {
      const next = { ...current };
      if (column === NOT_IMPORTED) delete next[field];
      else next[field] = column;
      return next;
    });

  const check = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onChecked(await map(imported.id, mapping));
    } catch (error) {
      setFailure(t("imports.wizard.mapping.failed", { message: (error as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t("imports.wizard.mapping.intro")}
      </Typography>
      <Table size="small" aria-label={t("imports.wizard.steps.map")} sx={{ maxWidth: 760 }}>
        <TableHeader cells={[t("imports.wizard.mapping.field"), t("imports.wizard.mapping.column")]} />
        <TableBody>
          {fields.map((field) => {
            const label = field.required ? t("imports.wizard.mapping.required", { field: t(field.label) }) : t(field.label);
            return (
              <TableRow key={field.key}>
                <TableCell>{label}</TableCell>
                <TableCell>
                  <TextField select size="small" fullWidth label={label} value={mapping[field.key] ?? NOT_IMPORTED} onChange={(e) => choose(field.key, e.target.value)}>
                    <MenuItem value={NOT_IMPORTED}>
                      <em>{t("imports.wizard.mapping.notImported")}</em>
                    </MenuItem>
                    {imported.columns.map((column) => (
                      <MenuItem key={column} value={column}>
                        {column}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {failure && (
        <Alert severity="error" role="alert" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Box>
        <Button variant="contained" onClick={() => void check()} disabled={busy}>
          {t("imports.wizard.mapping.check")}
        </Button>
      </Box>
    </Box>
  );
}
