// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ApiRequest } from "../../../providers/api-client";
import { dataProvider } from "../../../providers/data-provider";
import { APP_ID, GROUP_CLAIMS } from "../../../test-support/fixtures";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import { api, apiBlob } from "../api-client-mock";
import { aDocument, anEndpoint, aTask, aTestingUser, fakeApi, TASKS_PATH, writesOf } from "../test-support";
import { NewTestDialog } from "./NewTestDialog";
import { captureDownloads } from "../../../test-support/downloads";
import { freshMocksEachTest } from "../../../test-support/fresh-mocks";

vi.mock("../../../providers/api-client", () => import("../api-client-mock"));

beforeAll(initTestI18n);
freshMocksEachTest(api, apiBlob);

const NEW_ID = "00000000-0000-4000-8000-0000000000b9";
const RESPONSES_ID = "00000000-0000-4000-8000-0000000000d7";
const RAN_ID = "00000000-0000-4000-8000-0000000000d8";
const RESPONSES = aDocument({ id: RESPONSES_ID, name: "responses.csv" });
const PROMPT_COLUMNS = {
  columns: ["prompt_id", "set", "language", "gender", "ethnicity", "age_band", "prompt", "response"],
  sample: [["hiring-1", "hiring", "en", "female", "", "", "Write a reference for Maria.", "Maria is a reliable engineer."]],
};
const OTHER_COLUMNS = { columns: ["id", "question", "answer", "sex"], sample: [["q1", "Hello?", "Hi.", "F"]] };
const HIRING_SET = { id: "hiring", title: "Hiring", description: "References and screening answers.", languages: ["en", "es"], prompts: { en: 144, es: 144 }, version: "1.0.0" };

interface Options {
  /** The columns the responses file has: a prompt set's by default. */
  columns?: typeof PROMPT_COLUMNS;
  endpoint?: Parameters<typeof anEndpoint>[0] | null;
  write?(request: ApiRequest): Promise<unknown>;
}

async function openDialog({ columns = PROMPT_COLUMNS, endpoint = null, write }: Options = {}) {
  const documents = [RESPONSES];
  fakeApi(api, { documents, endpoint: endpoint ? anEndpoint(endpoint) : null, write: write ?? (async () => aTask({ id: NEW_ID, status: "waiting" })) });
  const fallback = api.getMockImplementation()!;
  api.mockImplementation(async (request) => {
    if (request.path === "/testing/prompt-sets") return { items: [HIRING_SET] };
    if (request.path === `/applications/${APP_ID}/testing/columns`) return columns;
    if (request.path === `/applications/${APP_ID}/testing/prompt-runs`) {
      // The run stores its responses as a document of the application, which the picker then lists.
      documents.push(aDocument({ id: RAN_ID, name: "prompts-hiring-en-responses.csv" }));
      return fallback(request);
    }
    return fallback(request);
  });
  const contributor = aTestingUser([{ name: "ApplicationContributor", resource_group: GROUP_CLAIMS }]);
  renderWithRefine(<NewTestDialog applicationId={APP_ID} onClose={() => {}} />, { dataProvider, identity: contributor, path: `/applications/detail/${APP_ID}` });
  const dialog = await screen.findByRole("dialog", { name: "New fairness test" });
  fireEvent.click(within(dialog).getByRole("radio", { name: /LLM responses you supply/ }));
  return dialog;
}
const choose = async (scope: HTMLElement, field: RegExp, option: string) => {
  fireEvent.mouseDown(await within(scope).findByRole("combobox", { name: field }));
  fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: option }));
};

describe("the New test dialog: LLM responses you supply", () => {
  it("maps a file made from a prompt set by its column names and starts the test", async () => {
    const dialog = await openDialog();
    await choose(dialog, /Responses file/, "responses.csv");
    await within(dialog).findByRole("table", { name: "First rows of the file" });
    expect(within(dialog).getByRole("combobox", { name: /Prompt id column/ }).textContent).toBe("prompt_id");
    expect(within(dialog).getByRole("combobox", { name: /Language column/ }).textContent).toBe("language");
    expect(within(dialog).getAllByRole("group", { name: /Other attribute/ })).toHaveLength(3);
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove other attribute 3" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Start test" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/application-testing/status-details/${APP_ID}/${NEW_ID}`));
    expect(writesOf(api)).toEqual([
      {
        method: "POST",
        path: TASKS_PATH,
        body: {
          data_source: "fairness_llm_user",
          document_id: RESPONSES_ID,
          columns: { prompt_id: "prompt_id", prompt: "prompt", response: "response", language: "language", protected: { gender: "gender", ethnicity: "ethnicity" } },
        },
      },
    ]);
  });

  it("asks for the columns and a protected attribute of another file, and sends no language when none is mapped", async () => {
    const dialog = await openDialog({ columns: OTHER_COLUMNS });
    await choose(dialog, /Responses file/, "responses.csv");
    await within(dialog).findByRole("table", { name: "First rows of the file" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Start test" }));
    expect(await within(dialog).findByText("Map at least one protected attribute.")).toBeTruthy();
    expect(writesOf(api)).toEqual([]);
    await choose(dialog, /Prompt id column/, "id");
    await choose(dialog, /^Prompt column/, "question");
    await choose(dialog, /Response column/, "answer");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add an attribute" }));
    const row = within(dialog).getByRole("group", { name: "Other attribute 1" });
    fireEvent.change(within(row).getByLabelText(/Attribute key/), { target: { value: "gender" } });
    await choose(row, /Column/, "sex");
    fireEvent.click(within(dialog).getByRole("button", { name: "Start test" }));
    await waitFor(() => expect(writesOf(api)).toHaveLength(1));
    expect(writesOf(api)[0].body).toEqual({ data_source: "fairness_llm_user", document_id: RESPONSES_ID, columns: { prompt_id: "id", prompt: "question", response: "answer", protected: { gender: "sex" } } });
  });

  it("downloads a prompt set's CSV in a language", async () => {
    const saved = captureDownloads();
    apiBlob.mockResolvedValue(new Blob(["prompt_id"]));
    const dialog = await openDialog();
    const set = await within(dialog).findByRole("group", { name: "Hiring" });
    fireEvent.click(within(set).getByRole("button", { name: "CSV in Spanish" }));
    await waitFor(() => expect(saved).toEqual(["prompts-hiring-es.csv"]));
    expect(apiBlob).toHaveBeenCalledWith("/testing/prompt-sets/hiring.csv?lang=es");
    expect(within(set).queryByRole("button", { name: /through the model endpoint/ })).toBeNull();
  });

  it("runs a prompt set through a chat endpoint and chooses the stored responses", async () => {
    const ran = aDocument({ id: RAN_ID, name: "prompts-hiring-en-responses.csv" });
    const dialog = await openDialog({ endpoint: { protocol: "openai_chat" }, write: async (request) => (request.path.endsWith("/prompt-runs") ? ran : aTask({ id: NEW_ID, status: "waiting" })) });
    const set = await within(dialog).findByRole("group", { name: "Hiring" });
    fireEvent.click(await within(set).findByRole("button", { name: "Run in English through the model endpoint" }));
    expect(await within(dialog).findByText("The responses were stored as prompts-hiring-en-responses.csv and chosen as the responses file.")).toBeTruthy();
    expect(writesOf(api)[0]).toEqual({ method: "POST", path: `/applications/${APP_ID}/testing/prompt-runs`, body: { set_id: "hiring", language: "en" } });
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: /Responses file/ }).textContent).toBe("prompts-hiring-en-responses.csv"));
  });

  it("says why a run through the endpoint failed", async () => {
    const dialog = await openDialog({
      endpoint: { protocol: "openai_chat" },
      write: async () => Promise.reject({ statusCode: 422, message: "The model did not answer within 30 seconds." }),
    });
    fireEvent.click(await within(dialog).findByRole("button", { name: "Run in Spanish through the model endpoint" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The prompt set could not be run: The model did not answer within 30 seconds.");
  });
});
