// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { CreateParams } from "@refinedev/core";
import type { CurrentUser } from "../../../../domain/access/current-user";
import { dismiss, useCurrentToast } from "../../../providers/notifications";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import { CreateApplicationDialog } from "./CreateApplicationDialog";
import { aUser, GROUP_ALL, GROUP_CLAIMS, GROUP_CUSTOMER } from "../../../test-support/fixtures";

const NEW_ID = "00000000-0000-4000-8000-0000000000ff";
const contributor = (...groups: CurrentUser["roles"][number]["resource_group"][]) =>
  aUser(groups.map((resource_group) => ({ name: "ApplicationContributor", resource_group })));

type Create = (params: CreateParams<unknown>) => Promise<{ data: never }>;
const created = () => vi.fn<Create>(async () => ({ data: { id: NEW_ID } as never }));

function Toast() {
  return <output data-testid="toast">{useCurrentToast()?.message ?? ""}</output>;
}

function openDialog(create: ReturnType<typeof created>, identity: CurrentUser) {
  renderWithRefine(<CreateApplicationDialog open onClose={() => {}} />, { dataProvider: { create }, identity, path: "/applications" });
  // Outside the routes, so it outlives the navigation to the new application.
  render(<Toast />);
  return screen.getByRole("dialog", { name: "Add an AI application" });
}

const nameField = (dialog: HTMLElement) => within(dialog).getByRole("textbox", { name: /Name/ });
const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole("button", { name: "Add application" }));

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  dismiss();
});

describe("the add application dialog", () => {
  it("refuses a name outside the allowed pattern without calling the API", async () => {
    const create = created();
    const dialog = openDialog(create, contributor(GROUP_CLAIMS));
    fireEvent.change(nameField(dialog), { target: { value: "Claims <triage>" } });
    submit(dialog);
    expect(await within(dialog).findByText("Use only letters, digits, spaces and _ ~ - .")).toBeTruthy();
    expect(nameField(dialog).getAttribute("aria-invalid")).toBe("true");
    expect(create).not.toHaveBeenCalled();
  });

  it("lets a contributor of one group add without choosing, then opens the new application", async () => {
    const create = created();
    const dialog = openDialog(create, contributor(GROUP_CLAIMS));
    fireEvent.change(nameField(dialog), { target: { value: "  Claims triage " } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Description" }), { target: { value: "Sorts claims." } });
    expect(within(dialog).queryByRole("combobox", { name: /Application group/ })).toBeNull();
    submit(dialog);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/applications/detail/${NEW_ID}`));
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ resource: "applications", variables: { name: "Claims triage", description: "Sorts claims." } }));
    expect(screen.getByTestId("toast").textContent).toBe("Application saved successfully.");
  });

  it("makes a contributor of several groups choose the group the application joins", async () => {
    const create = created();
    const dialog = openDialog(create, contributor(GROUP_CLAIMS, GROUP_CUSTOMER));
    fireEvent.change(nameField(dialog), { target: { value: "Claims triage" } });
    const group = await within(dialog).findByRole("combobox", { name: /Application group/ });
    submit(dialog);
    expect(await within(dialog).findByText("This field is required.")).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    fireEvent.mouseDown(group);
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "Customer AI" }));
    submit(dialog);
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ variables: { name: "Claims triage", resource_group_id: GROUP_CUSTOMER.id } }),
      ),
    );
  });

  it("asks no group of a contributor who also sees every application", async () => {
    const create = created();
    const dialog = openDialog(create, contributor(GROUP_CLAIMS, GROUP_CUSTOMER, GROUP_ALL));
    fireEvent.change(nameField(dialog), { target: { value: "Claims triage" } });
    // Let the identity load before looking for the group field.
    await new Promise((r) => setTimeout(r, 50));
    expect(within(dialog).queryByRole("combobox", { name: /Application group/ })).toBeNull();
    submit(dialog);
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ variables: { name: "Claims triage" } })));
  });

  it("puts the server's taken-name answer on the name field", async () => {
    const create = vi.fn<Create>(async () => {
      throw { statusCode: 409, message: "An application with this name already exists.", errors: { name: ["validation.nameTaken"] } };
    });
    const dialog = openDialog(create, contributor(GROUP_CLAIMS));
    fireEvent.change(nameField(dialog), { target: { value: "Claims triage" } });
    submit(dialog);
    expect(await within(dialog).findByText("This name is already taken.")).toBeTruthy();
    expect(nameField(dialog).getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(screen.getByTestId("location").textContent).toBe("/applications");
  });

  it("shows other server problems in the dialog", async () => {
    const create = vi.fn<Create>(async () => {
      throw { statusCode: 500, message: "The database is unavailable." };
    });
    const dialog = openDialog(create, contributor(GROUP_CLAIMS));
    fireEvent.change(nameField(dialog), { target: { value: "Claims triage" } });
    submit(dialog);
    expect((await within(dialog).findByRole("alert")).textContent).toContain("The database is unavailable.");
  });
});
