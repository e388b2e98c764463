import { useEffect, useState } from "react";
import { LinearProgress, Tab, Tabs } from "@mui/material";
import { useTranslation } from "react-i18next";
import readXlsxFile, { type Sheet } from "read-excel-file/browser";
import { MAX_ROWS, TableView } from "./TableView";

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
};

/** An Excel workbook as one table per sheet, chosen by tabs. Loaded only when an .xlsx is opened. */
export default function XlsxView({ blob, name, onError }: { blob: Blob; name: string; onError(error: Error): void }) {
  const { t } = useTranslation();
  const [sheets, setSheets] = useState<Sheet[] | null>(null);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    let live = true;
    readXlsxFile(blob).then(
      (read) => live && setSheets(read),
      (error: Error) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [blob, onError]);
  if (!sheets) return <LinearProgress aria-label={t("documents.viewer.loading")} />;
  const sheet = sheets[index];
  const rows = (sheet?.data ?? []).slice(0, MAX_ROWS).map((row) => row.map(cellText));
  return (
    <>
      {sheets.length > 1 && (
        <Tabs value={index} onChange={(_e, value: number) => setIndex(value)} variant="scrollable" aria-label={t("documents.viewer.sheet")} sx={{ mb: 1 }}>
          {sheets.map((s, i) => (
            <Tab key={i} label={s.sheet} value={i} />
          ))}
        </Tabs>
      )}
      <TableView rows={rows} total={sheet?.data.length ?? 0} label={`${name} — ${sheet?.sheet ?? ""}`} />
    </>
  );
}
