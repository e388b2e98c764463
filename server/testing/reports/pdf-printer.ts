import { createRequire } from "node:module";
import path from "node:path";
import pdfMake from "pdfmake";
import type { TDocumentDefinitions } from "pdfmake/interfaces";

/**
 * pdfmake 0.3 on the server: one process-wide printer with the Roboto fonts it ships (embedded, so any Latin,
 * Greek or Cyrillic group name prints, which the 14 standard PDF fonts cannot promise). Documents are built
 * from our data only: the printer may read those four font files and nothing else, and fetches no URL.
 */
const require = createRequire(import.meta.url);
const fontFile = (name: string) => require.resolve(`pdfmake/fonts/Roboto/${name}`);
const ROBOTO = {
  normal: fontFile("Roboto-Regular.ttf"),
  bold: fontFile("Roboto-Medium.ttf"),
  italics: fontFile("Roboto-Italic.ttf"),
  bolditalics: fontFile("Roboto-MediumItalic.ttf"),
};
const READABLE = new Set(Object.values(ROBOTO).map((file) => path.resolve(file)));

pdfMake.setFonts({ Roboto: ROBOTO });
pdfMake.setUrlAccessPolicy(() => false);
pdfMake.setLocalAccessPolicy((file) => READABLE.has(path.resolve(file)));

/** The PDF's bytes. */
export function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfMake.createPdf(definition).getBuffer();
}
