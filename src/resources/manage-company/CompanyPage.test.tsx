// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ApiRequest, UploadRequest } from "../../providers/api-client";
import type { Company } from "../../../domain/entities/company";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { dataProvider } from "../../providers/data-provider";
import CompanyPage from "./CompanyPage";

const { api, apiUpload, apiBlob } = vi.hoisted(() => ({
  api: vi.fn<(request: ApiRequest) => Promise<unknown>>(),
  apiUpload: vi.fn<(request: UploadRequest) => Promise<unknown>>(),
  apiBlob: vi.fn<(path: string) => Promise<Blob>>(),
}));
vi.mock("../../providers/api-client", () => ({ api, apiUpload, apiBlob, API_BASE: "/v2" }));

const company: Company = { id: "11111111-1111-4111-8111-111111111111", name: "Demo Company", size: "51-200", industry: "Finance", logo_url: null, mfa_policy: "optional", version: 1 };
const withLogo: Company = { ...company, logo_url: "/v2/company/logo?v=0123456789abcdef" };

const fileOf = (size: number, name = "logo.png", type = "image/png") => {
  const file = new File([new Uint8Array(8)], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
};
/**
 * The page over the real data provider: reads of the company answer `stored` (a function answers the
 * company as it is at that moment); writes answer `write`'s result.
 */
function renderPage(stored: Company | (() => Company) = company, write: (request: ApiRequest) => Promise<unknown> = async () => undefined) {
  api.mockImplementation(async (request) => {
    if (request.path === "/company/identity-providers") return { items: [], total: 0 };
    if (request.method === undefined || request.method === "GET") return typeof stored === "function" ? stored() : stored;
    return write(request);
  });
  return renderWithRefine(<CompanyPage />, { dataProvider, path: "/manage-company" });
}
/** The details form's Save (the MFA policy card has its own). */
const saveDetails = () => within(screen.getByRole("form", { name: "Company details" })).getByRole("button", { name: "Save" });
const writes = () => api.mock.calls.map(([request]) => request).filter((r) => r.method && r.method !== "GET");
const chooseFile = (file: File) => fireEvent.change(screen.getByTestId("logo-file-input"), { target: { files: [file] } });

beforeAll(async () => {
  await initTestI18n();
  URL.createObjectURL = vi.fn(() => "blob:logo-preview");
  URL.revokeObjectURL = vi.fn();
});
beforeEach(() => {
  api.mockReset();
  apiUpload.mockReset();
  apiBlob.mockReset();
});
afterEach(cleanup);

describe("the page", () => {
  it("loads the company through the data provider and keeps a free size value selectable", async () => {
    renderPage({ ...company, size: "About 300" });
    expect(screen.getByRole("heading", { name: "Manage Company" })).toBeTruthy();
    expect(await screen.findByDisplayValue("Demo Company")).toBeTruthy();
    expect(api).toHaveBeenCalledWith({ path: "/company" });
    expect(screen.getByRole("combobox", { name: "Company size" }).textContent).toBe("About 300");
    expect(screen.getByRole("button", { name: "Upload logo" })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Company size" }));
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["Not set", "1-10 employees", "11-50 employees", "51-200 employees", "201-1000 employees", "1001-5000 employees", "5000+ employees", "About 300"]);
  });
});

describe("the company form", () => {
  it("keeps Save disabled until something changes, and shows the name rules before sending", async () => {
    renderPage();
    const name = await screen.findByRole("textbox", { name: /Company name/ });
    const save = saveDetails();
    expect(save).toHaveProperty("disabled", true);

    fireEvent.change(name, { target: { value: "Bad <name>" } });
    await waitFor(() => expect(save).toHaveProperty("disabled", false));
    fireEvent.click(save);
    expect(await screen.findByText("Use only letters, digits, spaces and _ ~ - .")).toBeTruthy();

    fireEvent.change(name, { target: { value: "" } });
    fireEvent.click(save);
    expect(await screen.findByText("This field is required.")).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("sends the changes and shows the server's field errors on the fields", async () => {
    renderPage(company, async () => {
      throw { statusCode: 400, message: "The request has invalid fields.", errors: { industry: ["validation.tooLong"] } };
    });
    fireEvent.change(await screen.findByRole("textbox", { name: "Industry" }), { target: { value: "Insurance" } });
    fireEvent.click(saveDetails());
    expect(await screen.findByText("This is too long.")).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: "PATCH",
        path: "/company",
        body: { name: "Demo Company", size: "51-200", industry: "Insurance" },
        headers: { "If-Match": `"${company.version}"` },
      },
    ]);
    expect(screen.getByRole("textbox", { name: "Industry" })).toHaveProperty("value", "Insurance");
  });

  it("keeps unsaved edits when the stored company changes, and follows it when nothing is being edited", async () => {
    let stored: Company = company;
    apiBlob.mockResolvedValue(new Blob(["png"], { type: "image/png" }));
    apiUpload.mockImplementation(async () => stored);
    renderPage(() => stored);
    const industry = await screen.findByRole("textbox", { name: "Industry" });
    fireEvent.change(industry, { target: { value: "Insurance" } });
    // Someone else saved the company meanwhile; a logo upload makes the page fetch it again.
    stored = { ...withLogo, industry: "Retail", version: company.version + 1 };
    chooseFile(fileOf(300));
    expect(await screen.findByRole("img", { name: "Company logo" })).toBeTruthy();
    expect(industry).toHaveProperty("value", "Insurance");
    // Once the edit is undone, the form follows what is stored.
    fireEvent.change(industry, { target: { value: "Finance" } });
    await waitFor(() => expect(industry).toHaveProperty("value", "Retail"));
  });

  it("on a save someone else's beat, shows the input beside the stored values and reloads on request", async () => {
    let stored: Company = company;
    renderPage(
      () => stored,
      async () => {
        stored = { ...company, industry: "Retail", version: company.version + 1 };
        throw { statusCode: 412, message: "This record was changed by someone else" };
      },
    );
    fireEvent.change(await screen.findByRole("textbox", { name: "Industry" }), { target: { value: "Insurance" } });
    fireEvent.click(saveDetails());
    const dialog = await screen.findByRole("dialog", { name: "This record was changed by someone else" });
    await waitFor(() => expect(within(dialog).getByRole("row", { name: /Industry/ }).textContent).toContain("Retail"));
    const row = within(dialog).getByRole("row", { name: /Industry/ });
    expect(row.textContent).toContain("Insurance");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Industry" })).toHaveProperty("value", "Retail"));
  });
});

describe("the logo card", () => {
  it("refuses a file over 1 MB without uploading it", async () => {
    renderPage();
    expect(await screen.findByText("No logo yet.")).toBeTruthy();
    chooseFile(fileOf(1024 * 1024 + 1));
    expect(await screen.findByText("The logo is larger than 1 MB.")).toBeTruthy();
    expect(apiUpload).not.toHaveBeenCalled();
  });

  it("uploads a file of 1 MB with progress, then shows the new logo", async () => {
    let finish!: (value: Company) => void;
    let stored: Company = company;
    apiUpload.mockImplementation(({ onProgress }) => {
      onProgress?.(40);
      return new Promise((resolve) => (finish = resolve));
    });
    apiBlob.mockResolvedValue(new Blob(["png"], { type: "image/png" }));
    renderPage(() => stored);
    await screen.findByText("No logo yet.");
    const file = fileOf(1024 * 1024);
    chooseFile(file);
    expect(await screen.findByText("Uploading… 40%")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Upload progress" }).getAttribute("aria-valuenow")).toBe("40");
    expect(apiUpload.mock.calls[0][0]).toMatchObject({ path: "/company/logo", file });
    stored = withLogo;
    finish(withLogo);
    expect(await screen.findByRole("img", { name: "Company logo" })).toBeTruthy();
    expect(screen.queryByRole("progressbar", { name: "Upload progress" })).toBeNull();
  });

  it("shows the server's reason when it refuses the file", async () => {
    apiUpload.mockRejectedValueOnce({
      statusCode: 400,
      message: "The file is not a PNG, JPEG or WebP image.",
      errors: { file: ["Only PNG, JPEG or WebP images are accepted."] },
    });
    renderPage();
    await screen.findByText("No logo yet.");
    chooseFile(fileOf(300, "logo.png"));
    expect(await screen.findByText("Only PNG, JPEG or WebP images are accepted.")).toBeTruthy();
  });

  it("previews the stored logo through an object URL and removes it after confirmation", async () => {
    apiBlob.mockResolvedValue(new Blob(["png"], { type: "image/png" }));
    let stored: Company = withLogo;
    const { unmount } = renderPage(
      () => stored,
      async () => {
        stored = company;
      },
    );
    const image = await screen.findByRole("img", { name: "Company logo" });
    expect(image.getAttribute("src")).toBe("blob:logo-preview");
    expect(apiBlob).toHaveBeenCalledWith(withLogo.logo_url, expect.any(AbortSignal));

    fireEvent.click(screen.getByRole("button", { name: "Remove logo" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove the logo?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove logo" }));
    expect(await screen.findByText("No logo yet.")).toBeTruthy();
    expect(writes()).toEqual([{ method: "DELETE", path: "/company/logo" }]);

    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:logo-preview");
  });
});
