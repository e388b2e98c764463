// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ApplicationDocument } from "../../../../domain/entities/document";
import { api, uploadPresigned } from "../../../providers/api-client";
import { APP_ID, fakeProvider, initTestI18n, renderDetailPage } from "../detail/test-support";

vi.mock("../../../providers/api-client", async (original) => ({
  ...(await original<typeof import("../../../providers/api-client")>()),
  api: vi.fn(),
  uploadPresigned: vi.fn(),
  apiBlob: vi.fn(),
}));

beforeAll(initTestI18n);
beforeEach(() => {
  vi.mocked(api).mockReset();
});
afterEach(cleanup);

const doc = (id: string, overrides: Partial<ApplicationDocument>): ApplicationDocument => ({
  id,
  application_id: APP_ID,
  name: "Model card.pdf",
  content_type: "application/pdf",
  size: 2048,
  status: "ready",
  error: null,
  uploaded_by: { id: null, name: "Carlos Contributor" },
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
  ...overrides,
});
const DOC_READY = "00000000-0000-4000-8000-0000000000d1";
const DOC_BAD = "00000000-0000-4000-8000-0000000000d2";
const DOC_NEW = "00000000-0000-4000-8000-0000000000d3";
const documents = {
  items: [doc(DOC_READY, {}), doc(DOC_BAD, { name: "setup.pdf", content_type: null, size: null, status: "error", error: "documents.errors.type" })],
  total: 2,
};

describe("the Documents tab", () => {
  it("lists documents with their status, the reason of an error, and opens ready ones in the viewer", async () => {
    renderDetailPage(fakeProvider({ roles: ["ApplicationReviewer"], lists: { documents } }), "?tab=documents");
    const table = await screen.findByRole("table", { name: "Documents" });
    const [ready, failed] = within(table).getAllByRole("row").slice(1);
    expect(ready.textContent).toContain("Model card.pdf");
    expect(ready.textContent).toContain("Ready");
    expect(ready.textContent).toContain("PDF");
    expect(within(ready).getByRole("link", { name: "Open Model card.pdf in the viewer" }).getAttribute("href")).toBe(
      `/document-viewer/${DOC_READY}?application=${APP_ID}`,
    );
    expect(within(ready).getByRole("link", { name: /Open/ }).getAttribute("target")).toBe("_blank");
    expect(failed.textContent).toContain("Error");
    expect(failed.textContent).toContain("Only PDF, Word (.doc, .docx), CSV and Excel (.xlsx) files are accepted.");
    expect(within(failed).queryByRole("link")).toBeNull();
    // A reviewer reads documents but adds none.
    expect(screen.queryByRole("button", { name: "Upload document" })).toBeNull();
  });

  it("polls while a document is being checked, until it is ready", async () => {
    const provider = fakeProvider({ roles: ["ApplicationReviewer"] });
    let calls = 0;
    const custom = vi.fn(async (request: { url: string; method: string }) => {
      if (!request.url.endsWith("/documents")) return provider.custom(request);
      calls++;
      return { data: { items: [doc(DOC_NEW, { name: "memo.pdf", status: calls === 1 ? "analyzing" : "ready" })], total: 1 } as never };
    });
    renderDetailPage({ ...provider, custom }, "?tab=documents");
    expect(await screen.findByText("Analyzing")).toBeTruthy();
    expect(await screen.findByText("Ready", {}, { timeout: 4000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 1800));
    // Ready is final: no more requests.
    expect(calls).toBe(2);
  });

  it("uploads through the presigned form with the progress message, then confirms", async () => {
    let finishUpload!: () => void;
    vi.mocked(uploadPresigned).mockImplementation(({ onProgress }) => {
      onProgress?.(40);
      return new Promise<void>((resolve) => (finishUpload = resolve));
    });
    const form = { url: "/v2/uploads", fields: { key: "k", Policy: "p", "X-Amz-Signature": "s" } };
    vi.mocked(api).mockImplementation(async ({ path }) =>
      path.endsWith("/documents") ? { document: doc(DOC_NEW, { status: "created" }), upload: form } : doc(DOC_NEW, { status: "waiting" }),
    );
    renderDetailPage(fakeProvider({ roles: ["ApplicationContributor"], lists: { documents: { items: [], total: 0 } } }), "?tab=documents");
    await screen.findByRole("button", { name: "Upload document" });
    const file = new File(["%PDF-1.4"], "Risk memo.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByTestId("document-file-input"), { target: { files: [file] } });

    expect(await screen.findByText("File upload in progress. Please wait...")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Upload progress" }).getAttribute("aria-valuenow")).toBe("40");
    expect(api).toHaveBeenCalledWith({ method: "POST", path: `/applications/${APP_ID}/documents`, body: { name: "Risk memo.pdf", content_type: "application/pdf" } });
    expect(vi.mocked(uploadPresigned).mock.calls[0][0]).toMatchObject({ url: "/v2/uploads", fields: form.fields, file });
    finishUpload();
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith({ method: "POST", path: `/applications/${APP_ID}/document/${DOC_NEW}`, body: { uploaded: true } }),
    );
    expect(await screen.findByText("Risk memo.pdf was uploaded and is being checked.")).toBeTruthy();
    expect(screen.queryByText("File upload in progress. Please wait...")).toBeNull();
  });

  it("refuses a file over 25 MB before sending anything, and says why a refused upload failed", async () => {
    renderDetailPage(fakeProvider({ roles: ["ApplicationContributor"], lists: { documents: { items: [], total: 0 } } }), "?tab=documents");
    await screen.findByRole("button", { name: "Upload document" });
    const big = new File(["x"], "huge.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 30 * 1024 * 1024 });
    fireEvent.change(screen.getByTestId("document-file-input"), { target: { files: [big] } });
    expect((await screen.findByRole("alert")).textContent).toBe("huge.pdf could not be uploaded: The file is larger than 25 MB.");
    expect(api).not.toHaveBeenCalled();

    // What the API answers besides the new document: the taking back of one whose file never arrived (204).
    vi.mocked(api).mockResolvedValue(undefined);
    vi.mocked(api).mockResolvedValueOnce({ document: doc(DOC_NEW, { status: "created" }), upload: { url: "/v2/uploads", fields: {} } });
    vi.mocked(uploadPresigned).mockRejectedValueOnce({ statusCode: 400, message: "The file is not a PDF, Word, CSV or Excel file." });
    fireEvent.change(screen.getByTestId("document-file-input"), { target: { files: [new File(["MZ"], "setup.pdf")] } });
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("setup.pdf could not be uploaded: Only PDF, Word (.doc, .docx), CSV and Excel (.xlsx) files are accepted."),
    );
    // The refused file leaves no document waiting for it.
    expect(vi.mocked(api).mock.calls.map(([request]) => [request.method, request.path])).toEqual([
      ["POST", `/applications/${APP_ID}/documents`],
      ["DELETE", `/applications/${APP_ID}/documents/${DOC_NEW}`],
    ]);

    // Content that contradicts the name: both types, in the user's words.
    vi.mocked(api).mockResolvedValueOnce({ document: doc(DOC_NEW, { status: "created" }), upload: { url: "/v2/uploads", fields: {} } });
    vi.mocked(uploadPresigned).mockRejectedValueOnce({
      statusCode: 400,
      message: "The file claims to be application/pdf but its content is text/csv.",
      problem: { status: 400, claimed_type: "application/pdf", detected_type: "text/csv" },
    });
    fireEvent.change(screen.getByTestId("document-file-input"), { target: { files: [new File(["a,b"], "model.pdf")] } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("model.pdf could not be uploaded: The file claims to be PDF but its content is CSV."));

    // The bucket cannot be reached: said as such, not as the server being down.
    vi.mocked(api).mockResolvedValueOnce({ document: doc(DOC_NEW, { status: "created" }), upload: { url: "https://bucket.test/", fields: {} } });
    vi.mocked(uploadPresigned).mockRejectedValueOnce({ statusCode: 0, message: "The file storage cannot be reached.", storageUnavailable: true });
    fireEvent.change(screen.getByTestId("document-file-input"), { target: { files: [new File(["%PDF"], "card.pdf")] } });
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "card.pdf could not be uploaded: The file storage cannot be reached right now, so the document was not added. Please try again in a few minutes.",
      ),
    );
  });
});
