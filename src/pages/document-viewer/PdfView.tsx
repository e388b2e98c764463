import { useEffect, useRef, useState, type RefObject } from "react";
import { Box, LinearProgress, Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

GlobalWorkerOptions.workerSrc = workerUrl;

/** True once the element comes near the viewport: a long PDF draws only the pages a reader reaches. */
function useNearViewport(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (near || !element.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: "1000px 0px" });
    observer.observe(element.current);
    return () => observer.disconnect();
  }, [near, element]);
  return near;
}

/** One page drawn on its canvas at the container's width (sharp on high-density screens), once scrolled near. */
function PdfPage({ pdf, number, total, aspect }: { pdf: PDFDocumentProxy; number: number; total: number; aspect: number }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLElement>(null);
  const near = useNearViewport(frame);
  useEffect(() => {
    if (!near) return;
    let task: { cancel(): void } | null = null;
    let live = true;
    void pdf.getPage(number).then((page) => {
      const element = canvas.current;
      if (!live || !element) return;
      const width = Math.min(element.parentElement?.clientWidth || 900, 1100);
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      const ratio = window.devicePixelRatio || 1;
      element.width = Math.floor(viewport.width * ratio);
      element.height = Math.floor(viewport.height * ratio);
      element.style.width = `${Math.floor(viewport.width)}px`;
      element.style.height = `${Math.floor(viewport.height)}px`;
      const rendering = page.render({ canvas: element, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      task = rendering;
      rendering.promise.catch(() => {});
    });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [pdf, number, near]);
  return (
    <Box ref={frame} component="section" aria-label={t("documents.viewer.pageLabel", { page: number })} sx={{ display: "grid", gap: 0.5, justifyItems: "center" }}>
      <Paper elevation={2} sx={{ lineHeight: 0, ...(near ? {} : { width: "min(100%, 900px)", aspectRatio: String(aspect) }) }}>
        <canvas ref={canvas} />
      </Paper>
      <Typography variant="caption" color="text.secondary">
        {t("documents.viewer.pages", { page: number, pages: total })}
      </Typography>
    </Box>
  );
}

/** A PDF rendered page by page with pdf.js; this module (and pdf.js) load only when a PDF is opened. */
export default function PdfView({ blob, onError }: { blob: Blob; name: string; onError(error: Error): void }) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<{ doc: PDFDocumentProxy; aspect: number } | null>(null);
  useEffect(() => {
    let live = true;
    let loaded: PDFDocumentProxy | null = null;
    blob
      .arrayBuffer()
      .then((data) => getDocument({ data, isEvalSupported: false }).promise)
      .then(async (doc) => {
        loaded = doc;
        // The first page's proportions size the placeholders of pages not drawn yet.
        const first = (await doc.getPage(1)).getViewport({ scale: 1 });
        return { doc, aspect: first.width / first.height };
      })
      .then(
        (result) => {
          if (live) setPdf(result);
          else void result.doc.destroy();
        },
        (error: Error) => live && onError(error),
      );
    return () => {
      live = false;
      void loaded?.destroy();
    };
  }, [blob, onError]);
  if (!pdf) return <LinearProgress aria-label={t("documents.viewer.loading")} />;
  return (
    <Box sx={{ display: "grid", gap: 2, py: 2 }}>
      {Array.from({ length: pdf.doc.numPages }, (_, i) => (
        <PdfPage key={i} pdf={pdf.doc} number={i + 1} total={pdf.doc.numPages} aspect={pdf.aspect} />
      ))}
    </Box>
  );
}
