// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ApplicationDocument } from "../../../../domain/entities/document";
import { dataProvider } from "../../../providers/data-provider";
import { APP_ID, GROUP_CLAIMS } from "../../../test-support/fixtures";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import { api, uploadPresigned } from "../api-client-mock";
import { aDocument, anEndpoint, aTask, aTestingUser, DOC_ID, fakeApi, TASKS_PATH, writesOf, type FakeTestingApi } from "../test-support";
import { NewTestDialog } from "./NewTestDialog";

vi.mock("../../../providers/api-client", () => import("../api-client-mock"));

beforeAll(initTestI18n);
beforeEach(() => {
  api.mockReset();
  uploadPresigned.mockReset();
});
afterEach(cleanup);

const NEW_ID = "00000000-0000-4000-8000-0000000000b9";
const created = aTask({ id: NEW_ID, status: "waiting", summary: null });

async function openDialog(data: FakeTestingApi = {}) {
  fakeApi(api, { write: async () => created, ...data });
  const contributor = aTestingUser([{ name: "ApplicationContributor", resource_group: GROUP_CLAIMS }]);
  renderWithRefine(<NewTestDialog applicationId={APP_ID} onClose={() => {}} />, { dataProvider, identity: contributor, path: `/applications/detail/${APP_ID}` });
  return screen.findByRole("dialog", { name: "New fairness test" });
}
const choose = async (scope: HTMLElement, field: RegExp, option: string) => {
  fireEvent.mouseDown(await within(scope).findByRole("combobox", { name: field }));
  fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: option }));
};
const type = (scope: HTMLElement, label: RegExp | string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole("button", { name: "Start test" }));

/** The decisions file chosen and its columns shown. */
async function withFile(dialog: HTMLElement) {
  await choose(dialog, /Decisions file/, "decisions.csv");
  await within(dialog).findByRole("table", { name: "First rows of the file" });
}

describe("the New test dialog: decisions you supply", () => {
  it("shows the file's first rows, maps its columns and starts the test, then opens its status page", async () => {
    const dialog = await openDialog();
    await withFile(dialog);
    const sample = within(dialog).getByRole("table", { name: "First rows of the file" });
    expect(within(sample).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["applicant_id", "gender", "ethnicity", "age", "selected", "hired"]);
    expect(within(sample).getAllByRole("row")[1].textContent).toBe("a1femaleBlack30-3911");

    type(dialog, /Name/, "Q3 screening audit");
    await choose(dialog, /Outcome column/, "selected");
    // What "selected" can be, from the rows shown.
    expect(within(dialog).getByText("Values in the first rows: 1, 0")).toBeTruthy();
    await choose(dialog, /Actual outcome column/, "hired");
    await choose(dialog, /^Sex/, "gender");
    await choose(dialog, /Race\/ethnicity/, "ethnicity");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add another attribute" }));
    const other = within(dialog).getByRole("group", { name: "Other attribute 1" });
    type(other, /Attribute key/, "age_band");
    await choose(other, /Column/, "age");
    submit(dialog);

    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/application-testing/status-details/${APP_ID}/${NEW_ID}`));
    expect(writesOf(api)).toEqual([
      {
        method: "POST",
        path: TASKS_PATH,
        body: {
          data_source: "fairness_ml_user",
          name: "Q3 screening audit",
          document_id: DOC_ID,
          columns: {
            outcome: "selected",
            outcome_type: "binary",
            positive_value: "1",
            label: "hired",
            protected: { sex: "gender", race_ethnicity: "ethnicity", age_band: "age" },
          },
        },
      },
    ]);
  });

  it("asks for the file, then the outcome and a protected attribute, sending nothing", async () => {
    const dialog = await openDialog();
    submit(dialog);
    expect(await within(dialog).findByText("Choose or upload the file.")).toBeTruthy();
    await withFile(dialog);
    submit(dialog);
    expect(await within(dialog).findByText("This field is required.")).toBeTruthy();
    expect(within(dialog).getByText("Map at least one protected attribute.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Add another attribute" }));
    type(within(dialog).getByRole("group", { name: "Other attribute 1" }), /Attribute key/, "Age band");
    submit(dialog);
    expect(await within(dialog).findByText("Use lower-case letters, digits and _, starting with a letter (e.g. age_band).")).toBeTruthy();
    expect(writesOf(api)).toEqual([]);
  });

  it("puts the server's refusal of a column on that column's field", async () => {
    const refusal = { statusCode: 400, message: "Invalid request.", errors: { "columns.protected.age_band": ["testing.errors.columnMissing"] } };
    const dialog = await openDialog({ write: () => Promise.reject(refusal) });
    await withFile(dialog);
    await choose(dialog, /Outcome column/, "selected");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add another attribute" }));
    const other = within(dialog).getByRole("group", { name: "Other attribute 1" });
    type(other, /Attribute key/, "age_band");
    await choose(other, /Column/, "age");
    submit(dialog);
    expect(await within(other).findByText("The file has no such column.")).toBeTruthy();
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(screen.getByTestId("location").textContent).toBe(`/applications/detail/${APP_ID}`);
  });

  it("uploads a file, waits for its check and chooses it", async () => {
    const documents: ApplicationDocument[] = [];
    const uploaded = aDocument({ id: "00000000-0000-4000-8000-0000000000d2", name: "q3.csv", status: "waiting", content_type: null });
    const dialog = await openDialog({
      documents,
      write: async (request) => {
        if (request.path === `/applications/${APP_ID}/documents`) return { document: { ...uploaded, status: "created" }, upload: { url: "https://storage.test/", fields: {} } };
        documents.push(uploaded);
        return uploaded;
      },
    });
    expect(await within(dialog).findByText("No CSV or Excel document on this application yet: upload one.")).toBeTruthy();
    const file = new File(["applicant_id,gender,selected\n"], "q3.csv", { type: "text/csv" });
    fireEvent.change(within(dialog).getByTestId("testing-file-input"), { target: { files: [file] } });
    expect(await within(dialog).findByText("Checking q3.csv…")).toBeTruthy();
    // The server's check finds it a CSV.
    documents[0] = { ...uploaded, status: "ready", content_type: "text/csv" };
    expect(await within(dialog).findByText("q3.csv is uploaded and chosen.", {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).getByRole("combobox", { name: /Decisions file/ }).textContent).toBe("q3.csv");
    expect(writesOf(api).map((r) => [r.method, r.path])).toEqual([
      ["POST", `/applications/${APP_ID}/documents`],
      ["POST", `/applications/${APP_ID}/document/${uploaded.id}`],
    ]);
  });
});

describe("the New test dialog: a synthetic population", () => {
  it("offers offline scoring only, saying why, when no endpoint is registered, and sends the population", async () => {
    const dialog = await openDialog({ endpoint: null, write: async () => ({ ...created, data_source: "fairness_ml_synthetic", status: "created" }) });
    fireEvent.click(within(dialog).getByRole("radio", { name: /Synthetic population/ }));
    const endpoint = await within(dialog).findByRole("radio", { name: "The model endpoint of this application" });
    expect((endpoint as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText("No model endpoint is registered: add one in the Model endpoint card of the Testing tab.")).toBeTruthy();
    expect((within(dialog).getByRole("radio", { name: "You, offline" }) as HTMLInputElement).checked).toBe(true);

    const feature = within(dialog).getByRole("group", { name: "Feature 1" });
    type(feature, /Name/, "years_experience");
    type(feature, /From/, "0");
    type(feature, /To/, "40");
    fireEvent.click(within(feature).getByRole("checkbox", { name: "Whole numbers" }));
    type(dialog, /Seed/, "7");
    submit(dialog);

    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/application-testing/status-details/${APP_ID}/${NEW_ID}`));
    expect(writesOf(api)[0].body).toEqual({
      data_source: "fairness_ml_synthetic",
      population: {
        size: 10000,
        seed: 7,
        features: [{ name: "years_experience", kind: "number", min: 0, max: 40, integer: true }],
        protected: [{ attribute: "sex", values: [{ value: "female", share: 0.5 }, { value: "male", share: 0.5 }] }],
        scoring: "offline",
        outcome_type: "score",
      },
    });
  });

  it("says so on the scoring choice when the endpoint was removed meanwhile", async () => {
    const refusal = { statusCode: 400, message: "The application has no model endpoint to score the population.", errors: { "population.scoring": ["testing.errors.endpointMissing"] } };
    const dialog = await openDialog({ endpoint: anEndpoint(), write: () => Promise.reject(refusal) });
    fireEvent.click(within(dialog).getByRole("radio", { name: /Synthetic population/ }));
    await waitFor(() => expect((within(dialog).getByRole("radio", { name: "The model endpoint of this application" }) as HTMLInputElement).checked).toBe(true));
    const feature = within(dialog).getByRole("group", { name: "Feature 1" });
    type(feature, /Name/, "degree");
    fireEvent.mouseDown(within(feature).getByRole("combobox", { name: /Kind/ }));
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "Category" }));
    type(feature, /Values/, "none, bachelor");
    submit(dialog);
    expect(
      await within(dialog).findByText("No model endpoint is registered on this application: register one on its Testing tab, or score the population offline."),
    ).toBeTruthy();
    expect(writesOf(api)[0].body).toMatchObject({ population: { features: [{ name: "degree", kind: "category", values: ["none", "bachelor"] }], scoring: "endpoint" } });
  });

  it("scores through the registered endpoint by default, and refuses an attribute with one value", async () => {
    const dialog = await openDialog({ endpoint: anEndpoint() });
    fireEvent.click(within(dialog).getByRole("radio", { name: /Synthetic population/ }));
    await waitFor(() => expect((within(dialog).getByRole("radio", { name: "The model endpoint of this application" }) as HTMLInputElement).checked).toBe(true));
    const attribute = within(dialog).getByRole("group", { name: "Protected attribute 1" });
    fireEvent.click(within(attribute).getByRole("button", { name: "Remove value 2" }));
    type(dialog, /Rows/, "200000");
    submit(dialog);
    expect(await within(attribute).findByText("An attribute needs at least two values to compare.")).toBeTruthy();
    expect(within(dialog).getByText("A whole number from 10 to 100,000.")).toBeTruthy();
    expect(writesOf(api)).toEqual([]);
  });
});
