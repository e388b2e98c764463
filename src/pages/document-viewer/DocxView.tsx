import { useEffect, useState } from "react";
import { LinearProgress } from "@mui/material";
import { useTranslation } from "react-i18next";
import mammoth from "mammoth";

/**
 * A .docx converted to HTML by mammoth, shown in a sandboxed frame with a strict CSP: the document's
 * links and markup can neither run script nor reach this page.
 */
const frame = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">` +
  `<style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:820px;margin:24px auto;padding:0 16px;color:#222}img{max-width:100%}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}</style>` +
  `</head><body>${body}</body></html>`;

export default function DocxView({ blob, name, onError }: { blob: Blob; name: string; onError(error: Error): void }) {
  const { t } = useTranslation();
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    blob
      .arrayBuffer()
      .then((arrayBuffer) => mammoth.convertToHtml({ arrayBuffer }))
      .then(
        (result) => live && setHtml(result.value),
        (error: Error) => live && onError(error),
      );
    return () => {
      live = false;
    };
  }, [blob, onError]);
  if (html === null) return <LinearProgress aria-label={t("documents.viewer.loading")} />;
  return <iframe title={name} sandbox="" srcDoc={frame(html)} style={{ width: "100%", height: "calc(100vh - 120px)", border: 0, background: "#fff" }} />;
}
