import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

/** How many rows the viewer draws: enough to read, few enough to stay quick on a 25 MB sheet. */
export const MAX_ROWS = 2000;

/** Rows of text as a table, the first row as its header. */
export function TableView({ rows, total, label }: { rows: string[][]; total: number; label: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Typography color="text.secondary">{t("documents.viewer.emptyTable")}</Typography>;
  const width = Math.max(...rows.map((r) => r.length));
  const pad = (row: string[]) => [...row, ...Array<string>(width - row.length).fill("")];
  const [header, ...body] = rows;
  return (
    <>
      {total > rows.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t("documents.viewer.truncated", { shown: rows.length, total })}
        </Typography>
      )}
      {/* A region that scrolls is reached by the keyboard too: focusable, and named as its table is. */}
      <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ maxHeight: "calc(100vh - 140px)" }}>
        <Table size="small" stickyHeader aria-label={label} translate="no">
          <TableHead>
            <TableRow>
              {pad(header).map((cell, i) => (
                <TableCell key={i} sx={{ fontWeight: 600, whiteSpace: "pre-wrap" }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {body.map((row, r) => (
              <TableRow key={r}>
                {pad(row).map((cell, i) => (
                  <TableCell key={i} sx={{ whiteSpace: "pre-wrap", verticalAlign: "top" }}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
