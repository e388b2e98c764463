import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { DocumentColumns } from "./document-columns";

/** The file's header and first rows, so the user sees what each column holds while mapping it. */
export function SamplePreview({ columns, sample }: DocumentColumns) {
  const { t } = useTranslation();
  if (columns.length === 0) return null;
  return (
    <TableContainer sx={{ maxHeight: 220, border: 1, borderColor: "divider", borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={t("testing.create.sampleLabel")}>
        <TableHead>
          <TableRow>
            {columns.map((column, i) => (
              <TableCell key={`${i}-${column}`} sx={{ whiteSpace: "nowrap", fontWeight: 600 }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sample.map((row, r) => (
            <TableRow key={r}>
              {columns.map((column, i) => (
                <TableCell key={`${i}-${column}`} sx={{ whiteSpace: "nowrap" }}>
                  {row[i] ?? ""}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {sample.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          {t("testing.create.sampleEmpty")}
        </Typography>
      )}
    </TableContainer>
  );
}
