import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";

/** One field the user changed: what they typed, and what is stored now. */
export interface ConflictRow {
  field: string;
  label: string;
  yours: string;
  current: string;
}

/**
 * Shown when a save was refused because someone else saved the record first. Nothing was written: the
 * user sees their unsaved input next to the values stored now, and either reloads the record (then
 * applies their change again) or goes back to their input.
 */
export function ConflictDialog({ rows, onReload, onClose }: { rows: ConflictRow[] | null; onReload(): void; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={rows !== null} onClose={onClose} aria-labelledby="conflict-title" maxWidth="md" fullWidth>
      <DialogTitle id="conflict-title">{t("common.conflict.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("common.conflict.explanation")}</DialogContentText>
        {rows && rows.length > 0 && (
          <Table size="small" aria-label={t("common.conflict.comparison")} sx={{ mt: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t("common.conflict.field")}</TableCell>
                <TableCell>{t("common.conflict.yours")}</TableCell>
                <TableCell>{t("common.conflict.current")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.field}>
                  <TableCell component="th" scope="row">
                    {row.label}
                  </TableCell>
                  <TableCell>{row.yours}</TableCell>
                  <TableCell>{row.current}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.conflict.keepEditing")}</Button>
        <Button variant="contained" onClick={onReload}>
          {t("common.conflict.reload")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
