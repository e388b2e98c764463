import { useEffect, useState } from "react";
import { LinearProgress } from "@mui/material";
import { useTranslation } from "react-i18next";
import { parseCsv } from "./csv";
import { MAX_ROWS, TableView } from "./TableView";

/** The blob as UTF-8 text, through FileReader (which every browser and jsdom have). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsText(blob, "utf-8");
  });
}

/** A CSV document as a table (the server has checked it is UTF-8 text). */
export default function CsvView({ blob, name }: { blob: Blob; name: string }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<{ shown: string[][]; total: number } | null>(null);
  useEffect(() => {
    let live = true;
    void readText(blob).then((text) => {
      const all = parseCsv(text);
      if (live) setRows({ shown: all.slice(0, MAX_ROWS), total: all.length });
    });
    return () => {
      live = false;
    };
  }, [blob]);
  if (!rows) return <LinearProgress aria-label={t("documents.viewer.loading")} />;
  return <TableView rows={rows.shown} total={rows.total} label={name} />;
}
