import { expect, test, type Page } from "@playwright/test";
import { expectSignedIn, signIn } from "./support";

/** A one-page PDF with the text "Steward test page", offsets computed so pdf.js reads it without repair. */
function onePagePdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    "<< /Length 52 >>\nstream\nBT /F1 18 Tf 30 100 Td (Steward test page) Tj ET\nendstream",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((content, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${content}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload document" }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Ready", { timeout: 20_000 });
}

/** A document is uploaded to an application, checked by the worker, and opened in the viewer. */
test("a contributor uploads a PDF and a CSV and opens them in the viewer", async ({ page, context }) => {
  await signIn(page, "contributor@steward.test");
  await expectSignedIn(page);
  await page.getByRole("link", { name: "Policy Q&A assistant", exact: true }).click();
  await page.getByRole("tab", { name: "Documents" }).click();

  await upload(page, "model-card.pdf", "application/pdf", onePagePdf());
  await upload(page, "evaluation.csv", "text/csv", Buffer.from('metric,value\naccuracy,0.94\n"recall, weighted",0.91\n'));

  const [pdfTab] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "Open model-card.pdf in the viewer" }).click()]);
  await expect(pdfTab.getByRole("heading", { name: "model-card.pdf" })).toBeVisible();
  await expect(pdfTab.getByRole("region", { name: "Page 1" }).locator("canvas")).toBeVisible();
  await pdfTab.close();

  const [csvTab] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "Open evaluation.csv in the viewer" }).click()]);
  const table = csvTab.getByRole("table");
  await expect(table).toContainText("accuracy");
  await expect(table.getByRole("cell", { name: "recall, weighted" })).toBeVisible();
});

test("a file that is not an allowed document is refused with the reason", async ({ page }) => {
  await signIn(page, "contributor@steward.test");
  await expectSignedIn(page);
  await page.getByRole("link", { name: "Policy Q&A assistant", exact: true }).click();
  await page.getByRole("tab", { name: "Documents" }).click();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload document" }).click();
  // An executable renamed .pdf: the server sniffs the bytes, not the name.
  await (await chooser).setFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(2048, 1)]) });
  await expect(page.getByText(/invoice\.pdf could not be uploaded: Only PDF, Word \(\.doc, \.docx\), CSV and Excel \(\.xlsx\) files are accepted\./)).toBeVisible();
});
