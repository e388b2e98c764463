// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { notify } from "../../../../providers/notifications";
import { APP_ID, fakeProvider, initTestI18n, renderDetailPage } from "../test-support";

vi.mock("../../../../providers/notifications", async (original) => ({
  ...(await original<typeof import("../../../../providers/notifications")>()),
  notify: vi.fn(),
}));

beforeAll(initTestI18n);
afterEach(cleanup);

const group = (name: string) => screen.findByRole("radiogroup", { name });
const preview = () => screen.getByRole("status", { name: /^Risk tier/ });

describe("the Details tab's questionnaire", () => {
  it("changes the live tier preview, and its reasons, as the user answers", async () => {
    renderDetailPage(fakeProvider({ roles: ["ApplicationContributor"] }));
    const criticality = await group("Business criticality");
    await waitFor(() => expect(preview().getAttribute("aria-label")).toBe("Risk tier: Low"));
    fireEvent.click(within(criticality).getByRole("radio", { name: "High" }));
    await waitFor(() => expect(preview().getAttribute("aria-label")).toBe("Risk tier: High"));
    const panel = screen.getByRole("region", { name: "Risk tier preview" });
    expect(panel.textContent).toContain("High business criticality");
    expect(within(panel).getByRole("list", { name: "Risk descriptors" }).textContent).toContain("Medium or high business criticality");

    // Taking a required answer back leaves it not assessed, and says which answer is missing.
    fireEvent.click(within(await group("Personal data")).getByRole("radio", { name: "Not answered" }));
    await waitFor(() => expect(preview().getAttribute("aria-label")).toBe("Risk tier: Not assessed"));
    expect(within(panel).getByRole("list", { name: "Missing required answers" }).textContent).toContain("Personal data");
  });

  it("shows a dependent question only while the answer it depends on is given", async () => {
    renderDetailPage(fakeProvider({ roles: ["ApplicationContributor"] }));
    const foundation = await group("Uses a foundation model");
    expect(screen.queryByRole("group", { name: "Foundation model vendor" })).toBeNull();
    fireEvent.click(within(foundation).getByRole("radio", { name: "Yes" }));
    expect(await screen.findByRole("group", { name: "Foundation model vendor" })).toBeTruthy();
    fireEvent.click(within(foundation).getByRole("radio", { name: "No" }));
    await waitFor(() => expect(screen.queryByRole("group", { name: "Foundation model vendor" })).toBeNull());
  });

  it("saves only the changed answers and says so", async () => {
    const mutate = vi.fn(async () => undefined);
    renderDetailPage(fakeProvider({ roles: ["ApplicationContributor"], mutate }));
    fireEvent.click(within(await group("Business criticality")).getByRole("radio", { name: "Medium" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(mutate).toHaveBeenCalledWith({ url: `/applications/${APP_ID}`, method: "put", payload: { details: { business_criticality: "medium" } } }),
    );
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ message: "Application saved successfully.", severity: "success" }));
  });

  it("shows the catalogue's message when the update fails", async () => {
    const mutate = vi.fn(async () => {
      throw { statusCode: 500, message: "Internal Server Error" };
    });
    renderDetailPage(fakeProvider({ roles: ["Administrator"], mutate }));
    fireEvent.change(await screen.findByRole("textbox", { name: /Name/ }), { target: { value: "Claims triage v2" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Something went wrong updating the application. Please contact us if the problem persists.",
    );
    expect(mutate).toHaveBeenCalledWith(expect.objectContaining({ payload: { name: "Claims triage v2" } }));
  });

  it("is read-only for a reviewer: inputs disabled, no Save", async () => {
    renderDetailPage(fakeProvider({ roles: ["ApplicationReviewer"] }));
    const criticality = await group("Business criticality");
    await waitFor(() => expect(screen.getByText(/only a contributor or an administrator of this application can change them/)).toBeTruthy());
    expect(within(criticality).getByRole("radio", { name: "High" })).toHaveProperty("disabled", true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});
