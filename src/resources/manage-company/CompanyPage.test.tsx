// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ApiRequest, UploadRequest } from "../../providers/api-client";
import type { Company } from "../../../domain/entities/company";
import { Refine, type DataProvider } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import { initTestI18n } from "../../test-support/i18n";
import CompanyPage from "./CompanyPage";
import { CompanyForm } from "./CompanyForm";
import { CompanyLogoCard } from "./CompanyLogoCard";

const { api, apiUpload, apiBlob } = vi.hoisted(() => ({
  api: vi.fn<(request: ApiRequest) => Promise<unknown>>(),
  apiUpload: vi.fn<(request: UploadRequest) => Promise<unknown>>(),
  apiBlob: vi.fn<(path: string) => Promise<Blob>>(),
}));
vi.mock("../../providers/api-client", () => ({ api, apiUpload, apiBlob }));

const company: Company = { id: "11111111-1111-4111-8111-111111111111", name: "Demo Company", size: "51-200", industry: "Finance", logo_url: null, version: 1 };
const withLogo: Company = { ...company, logo_url: "/v2/company/logo?v=0123456789abcdef" };

const fileOf = (size: number, name = "logo.png", type = "image/png") => {
  const file = new File([new Uint8Array(8)], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
};
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
    const custom = vi.fn(async () => ({ data: { ...company, size: "About 300" } as never }));
    render(
      <Refine
        dataProvider={{ getList: vi.fn(), getApiUrl: () => "/v2", custom } as unknown as DataProvider}
        options={{ reactQuery: { clientConfig: new QueryClient({ defaultOptions: { queries: { retry: false } } }) }, disableTelemetry: true }}
      >
        <CompanyPage />
      </Refine>,
    );
    expect(screen.getByRole("heading", { name: "Manage Company" })).toBeTruthy();
    expect(await screen.findByDisplayValue("Demo Company")).toBeTruthy();
    expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: "/company", method: "get" }));
    expect(screen.getByRole("combobox", { name: "Company size" }).textContent).toBe("About 300");
    expect(screen.getByRole("button", { name: "Upload logo" })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Company size" }));
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["Not set", "1-10 employees", "11-50 employees", "51-200 employees", "201-1000 employees", "1001-5000 employees", "5000+ employees", "About 300"]);
  });
});

describe("the company form", () => {
  it("keeps Save disabled until something changes, and shows the name rules before sending", async () => {
    render(<CompanyForm company={company} onSaved={vi.fn()} />);
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toHaveProperty("disabled", true);

    const name = screen.getByRole("textbox", { name: /Company name/ });
    fireEvent.change(name, { target: { value: "Bad <name>" } });
    await waitFor(() => expect(save).toHaveProperty("disabled", false));
    fireEvent.click(save);
    expect(await screen.findByText("Use only letters, digits, spaces and _ ~ - .")).toBeTruthy();

    fireEvent.change(name, { target: { value: "" } });
    fireEvent.click(save);
    expect(await screen.findByText("This field is required.")).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it("sends the changes and shows the server's field errors on the fields", async () => {
    api.mockRejectedValueOnce({ statusCode: 400, message: "The request has invalid fields.", errors: { industry: ["validation.tooLong"] } });
    const onSaved = vi.fn();
    render(<CompanyForm company={company} onSaved={onSaved} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Industry" }), { target: { value: "Insurance" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This is too long.")).toBeTruthy();
    expect(api).toHaveBeenCalledWith({
      method: "PATCH",
      path: "/company",
      body: { name: "Demo Company", size: "51-200", industry: "Insurance" },
      headers: { "If-Match": `"${company.version}"` },
    });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("keeps unsaved edits when the stored company changes, and follows it when nothing is being edited", async () => {
    const { rerender } = render(<CompanyForm company={company} onSaved={vi.fn()} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Industry" }), { target: { value: "Insurance" } });
    rerender(<CompanyForm company={{ ...withLogo }} onSaved={vi.fn()} />);
    expect(screen.getByRole("textbox", { name: "Industry" })).toHaveProperty("value", "Insurance");
    // Someone else's save does not wipe the input; saving it then meets the conflict instead.
    rerender(<CompanyForm company={{ ...withLogo, industry: "Retail", version: company.version + 1 }} onSaved={vi.fn()} />);
    expect(screen.getByRole("textbox", { name: "Industry" })).toHaveProperty("value", "Insurance");
    fireEvent.change(screen.getByRole("textbox", { name: "Industry" }), { target: { value: "Retail" } });
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Industry" })).toHaveProperty("value", "Retail"));
  });

  it("on a save someone else's beat, shows the input beside the stored values and reloads on request", async () => {
    const onSaved = vi.fn();
    const { rerender } = render(<CompanyForm company={company} onSaved={onSaved} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Industry" }), { target: { value: "Insurance" } });
    const stored = { ...company, industry: "Retail", version: company.version + 1 };
    api.mockRejectedValueOnce({ statusCode: 412, message: "This record was changed by someone else" }).mockResolvedValueOnce(stored);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("dialog", { name: "This record was changed by someone else" });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(stored));
    rerender(<CompanyForm company={stored} onSaved={onSaved} />);
    const row = within(dialog).getByRole("row", { name: /Industry/ });
    expect(row.textContent).toContain("Insurance");
    expect(row.textContent).toContain("Retail");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Industry" })).toHaveProperty("value", "Retail"));
  });
});

describe("the logo card", () => {
  it("refuses a file over 1 MB without uploading it", async () => {
    render(<CompanyLogoCard company={company} onChanged={vi.fn()} />);
    expect(screen.getByText("No logo yet.")).toBeTruthy();
    chooseFile(fileOf(1024 * 1024 + 1));
    expect(await screen.findByText("The logo is larger than 1 MB.")).toBeTruthy();
    expect(apiUpload).not.toHaveBeenCalled();
  });

  it("uploads a file of 1 MB with progress, then hands back the company", async () => {
    let finish!: (value: Company) => void;
    apiUpload.mockImplementation(({ onProgress }) => {
      onProgress?.(40);
      return new Promise((resolve) => (finish = resolve));
    });
    const onChanged = vi.fn();
    render(<CompanyLogoCard company={company} onChanged={onChanged} />);
    const file = fileOf(1024 * 1024);
    chooseFile(file);
    expect(await screen.findByText("Uploading… 40%")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Upload progress" }).getAttribute("aria-valuenow")).toBe("40");
    expect(apiUpload.mock.calls[0][0]).toMatchObject({ path: "/company/logo", file });
    finish(withLogo);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(withLogo));
    expect(screen.queryByRole("progressbar", { name: "Upload progress" })).toBeNull();
  });

  it("shows the server's reason when it refuses the file", async () => {
    apiUpload.mockRejectedValueOnce({
      statusCode: 400,
      message: "The file is not a PNG, JPEG or WebP image.",
      errors: { file: ["Only PNG, JPEG or WebP images are accepted."] },
    });
    render(<CompanyLogoCard company={company} onChanged={vi.fn()} />);
    chooseFile(fileOf(300, "logo.png"));
    expect(await screen.findByText("Only PNG, JPEG or WebP images are accepted.")).toBeTruthy();
  });

  it("previews the stored logo through an object URL and removes it after confirmation", async () => {
    apiBlob.mockResolvedValue(new Blob(["png"], { type: "image/png" }));
    api.mockResolvedValue(undefined);
    const onChanged = vi.fn();
    const { unmount } = render(<CompanyLogoCard company={withLogo} onChanged={onChanged} />);
    const image = await screen.findByRole("img", { name: "Company logo" });
    expect(image.getAttribute("src")).toBe("blob:logo-preview");
    expect(apiBlob).toHaveBeenCalledWith(withLogo.logo_url, expect.any(AbortSignal));

    fireEvent.click(screen.getByRole("button", { name: "Remove logo" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove the logo?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove logo" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith({ ...withLogo, logo_url: null }));
    expect(api).toHaveBeenCalledWith({ method: "DELETE", path: "/company/logo" });

    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:logo-preview");
  });
});
