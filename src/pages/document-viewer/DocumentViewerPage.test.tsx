// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import type { ApplicationDocument } from "../../../domain/entities/document";
import { api, apiBlob } from "../../providers/api-client";
import { dataProvider } from "../../providers/data-provider";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import DocumentViewerPage from "./DocumentViewerPage";

vi.mock("../../providers/api-client", async (original) => ({
  ...(await original<typeof import("../../providers/api-client")>()),
  api: vi.fn(),
  apiBlob: vi.fn(),
}));

const APP = "00000000-0000-4000-8000-0000000000f1";
const DOC = "00000000-0000-4000-8000-0000000000d1";

beforeAll(initTestI18n);
beforeEach(() => {
  vi.mocked(api).mockReset();
  vi.mocked(apiBlob).mockReset();
});
afterEach(cleanup);

function serve(document: Partial<ApplicationDocument>, bytes = "") {
  vi.mocked(api).mockResolvedValue({
    id: DOC,
    application_id: APP,
    name: "Vendors.csv",
    content_type: "text/csv",
    size: bytes.length,
    status: "ready",
    error: null,
    uploaded_by: { id: null, name: "Ana" },
    created_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
    ...document,
  });
  vi.mocked(apiBlob).mockResolvedValue(new Blob([bytes]));
}

const open = (search = `?application=${APP}`) =>
  renderWithRefine(<DocumentViewerPage />, { path: `/document-viewer/${DOC}${search}`, pattern: "/document-viewer/:documentId", dataProvider: { custom: dataProvider.custom } });

describe("the document viewer", () => {
  it("shows a CSV as a table, quoted fields intact, with the document's name and a download", async () => {
    serve({}, 'vendor,notes\n"Acme, Inc.","line one\nline two"\nGlobex,ok\n');
    open();
    const table = await screen.findByRole("table", { name: "Vendors.csv" });
    const rows = within(table).getAllByRole("row").map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent));
    expect(rows).toEqual([
      ["vendor", "notes"],
      ["Acme, Inc.", "line one\nline two"],
      ["Globex", "ok"],
    ]);
    expect(screen.getByRole("heading", { name: "Vendors.csv" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download" })).toBeTruthy();
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ path: `/applications/${APP}/documents/${DOC}` }));
    expect(apiBlob).toHaveBeenCalledWith(`/applications/${APP}/documents/${DOC}/content`, expect.anything());
  });

  it("offers an old Word file as a download", async () => {
    serve({ name: "Policy.doc", content_type: "application/msword" }, "bytes");
    open();
    expect(await screen.findByText("This type of file cannot be shown here. Download it to open it on your computer.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download Policy.doc" })).toBeTruthy();
  });

  it("says when the document is not ready, and fetches no content", async () => {
    serve({ status: "analyzing", content_type: null });
    open();
    expect(await screen.findByText("This document is not ready to be viewed yet. Its status is: Analyzing.")).toBeTruthy();
    expect(apiBlob).not.toHaveBeenCalled();
  });

  it("says a missing or forbidden document does not exist, and a link without its application is incomplete", async () => {
    vi.mocked(api).mockRejectedValue({ statusCode: 404, message: "Document not found." });
    open();
    expect((await screen.findByRole("alert")).textContent).toBe("This document does not exist or you do not have access to it.");
    cleanup();
    open("");
    expect(await screen.findByText("The link to this document is incomplete: open it from the application's Documents tab.")).toBeTruthy();
  });
});
