// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ModelEndpoint } from "../../../../domain/entities/model-endpoint";
import type { ApiRequest } from "../../../providers/api-client";
import { dataProvider } from "../../../providers/data-provider";
import { APP_ID, GROUP_CLAIMS } from "../../../test-support/fixtures";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import { api } from "../api-client-mock";
import { anEndpoint, aTestingUser, fakeApi, writesOf } from "../test-support";
import { ModelEndpointCard } from "./ModelEndpointCard";

vi.mock("../../../providers/api-client", () => import("../api-client-mock"));

beforeAll(initTestI18n);
beforeEach(() => {
  api.mockReset();
});
afterEach(cleanup);

const ENDPOINT_PATH = `/applications/${APP_ID}/testing/endpoint`;
const SECRET = "sk-live-0123456789";

/** The card over a server that stores what is PUT (the token only as "has one") and answers checks with `check`. */
async function openCard(stored: ModelEndpoint | null, check: object = { ok: true }, canEdit = true, refuse?: () => Promise<never>) {
  let endpoint = stored;
  fakeApi(api, {
    get endpoint() {
      return endpoint;
    },
    write: async (request: ApiRequest) => {
      if (request.path === `${ENDPOINT_PATH}/check`) return check;
      if (refuse) return refuse();
      const body = request.body as { url: string; protocol: ModelEndpoint["protocol"]; model: string | null; token?: string | null };
      endpoint = anEndpoint({ url: body.url, protocol: body.protocol, model: body.model, has_token: body.token === undefined ? Boolean(endpoint?.has_token) : body.token !== null, version: (endpoint?.version ?? 0) + 1 });
      return endpoint;
    },
  });
  renderWithRefine(<ModelEndpointCard applicationId={APP_ID} canEdit={canEdit} />, {
    dataProvider,
    identity: aTestingUser([{ name: "ApplicationContributor", resource_group: GROUP_CLAIMS }]),
    path: `/applications/detail/${APP_ID}`,
  });
  const card = screen.getByRole("region", { name: "Model endpoint" });
  await within(card).findByLabelText(/URL/);
  return card;
}
const tokenField = (card: HTMLElement) => within(card).getByLabelText(/^(New token|Token \(optional\))/) as HTMLInputElement;

describe("the model endpoint card", () => {
  it("never shows the stored token: it says one is stored, and a new one is written, not read back", async () => {
    const card = await openCard(anEndpoint({ has_token: true }));
    expect(within(card).getByText("Token stored")).toBeTruthy();
    expect(tokenField(card).value).toBe("");
    expect(tokenField(card).type).toBe("password");

    fireEvent.change(tokenField(card), { target: { value: SECRET } });
    fireEvent.click(within(card).getByRole("button", { name: "Save endpoint" }));
    await waitFor(() => expect(writesOf(api)).toHaveLength(1));
    expect(writesOf(api)[0]).toEqual({
      method: "PUT",
      path: ENDPOINT_PATH,
      body: { url: "https://models.example.com/v1/models/hiring:predict", protocol: "kserve_v1", model: null, token: SECRET },
      // The version edited: a save over someone else's newer one is refused, not applied.
      headers: { "If-Match": '"1"' },
    });
    await waitFor(() => expect(tokenField(card).value).toBe(""));
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it("keeps the stored token when the field is left empty, and drops it when asked", async () => {
    const card = await openCard(anEndpoint({ has_token: true }));
    fireEvent.change(within(card).getByLabelText(/Model name/), { target: { value: "hiring-v3" } });
    fireEvent.click(within(card).getByRole("button", { name: "Save endpoint" }));
    await waitFor(() => expect(writesOf(api)).toHaveLength(1));
    expect(writesOf(api)[0].body).not.toHaveProperty("token");

    fireEvent.click(await within(card).findByRole("checkbox", { name: "Remove the stored token" }));
    fireEvent.click(within(card).getByRole("button", { name: "Save endpoint" }));
    await waitFor(() => expect(writesOf(api)).toHaveLength(2));
    expect(writesOf(api)[1].body).toMatchObject({ token: null });
    expect(await within(card).findByText("No token")).toBeTruthy();
  });

  it("shows the server's refusal of a host on the URL field", async () => {
    const refusal = { statusCode: 400, message: "Not allowed.", errors: { url: ["testing.validation.endpointPrivate"] } };
    const card = await openCard(anEndpoint(), { ok: true }, true, () => Promise.reject(refusal));
    fireEvent.change(within(card).getByLabelText(/URL/), { target: { value: "https://10.0.0.8/predict" } });
    fireEvent.click(within(card).getByRole("button", { name: "Save endpoint" }));
    expect(await within(card).findByText("This is a private, link-local or loopback address: Steward calls it only if your administrator allows it.")).toBeTruthy();
  });

  it("registers a first endpoint, refusing an address that is no URL", async () => {
    const card = await openCard(null);
    expect(within(card).getByText("No endpoint is registered yet: synthetic tests can only be scored offline.")).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "Check" })).toBeNull();
    fireEvent.change(within(card).getByLabelText(/URL/), { target: { value: "models.internal" } });
    fireEvent.click(within(card).getByRole("button", { name: "Save endpoint" }));
    expect(await within(card).findByText("Enter the endpoint's full address, starting with https://.")).toBeTruthy();
    expect(writesOf(api)).toEqual([]);
    fireEvent.change(within(card).getByLabelText(/URL/), { target: { value: "https://models.example.com/predict" } });
    fireEvent.click(within(card).getByRole("button", { name: "Save endpoint" }));
    expect(await within(card).findByRole("button", { name: "Check" })).toBeTruthy();
    expect(writesOf(api)[0].body).toEqual({ url: "https://models.example.com/predict", protocol: "kserve_v1", model: null });
  });

  it("checks the endpoint and says why it failed, in plain words", async () => {
    const card = await openCard(anEndpoint(), { ok: false, error: "testing.errors.endpointStatus", error_params: { status: 401, batch: 1 } });
    fireEvent.click(within(card).getByRole("button", { name: "Check" }));
    expect(await within(card).findByText("The check failed: The model endpoint answered batch 1 with HTTP status 401.")).toBeTruthy();
    expect(writesOf(api)).toEqual([{ method: "POST", path: `${ENDPOINT_PATH}/check`, body: {} }]);
  });

  it("shows a reader where the endpoint is and whether a token is stored, without a form", async () => {
    fakeApi(api, { endpoint: anEndpoint({ has_token: true }) });
    renderWithRefine(<ModelEndpointCard applicationId={APP_ID} canEdit={false} />, { dataProvider, path: `/applications/detail/${APP_ID}` });
    const card = screen.getByRole("region", { name: "Model endpoint" });
    expect(await within(card).findByText("https://models.example.com/v1/models/hiring:predict")).toBeTruthy();
    expect(within(card).getByText("Token stored")).toBeTruthy();
    expect(within(card).queryByRole("textbox")).toBeNull();
  });
});
