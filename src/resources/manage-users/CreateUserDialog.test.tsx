// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DataProvider } from "@refinedev/core";
import { CreateUserDialog } from "./CreateUserDialog";
import { initTestI18n, renderWithRefine } from "./test-support";

const NEW_ID = "00000000-0000-4000-8000-0000000000ff";

function openDialog(create: (...args: never[]) => Promise<unknown>) {
  renderWithRefine(<CreateUserDialog open onClose={() => {}} />, { create } as Partial<DataProvider>);
  return screen.getByRole("dialog", { name: "Create user" });
}

function fill(dialog: HTMLElement, values: { email: string; first: string; last: string }) {
  fireEvent.change(within(dialog).getByRole("textbox", { name: /E-mail/ }), { target: { value: values.email } });
  fireEvent.change(within(dialog).getByRole("textbox", { name: /First name/ }), { target: { value: values.first } });
  fireEvent.change(within(dialog).getByRole("textbox", { name: /Last name/ }), { target: { value: values.last } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Create user" }));
}

beforeAll(initTestI18n);
afterEach(cleanup);

describe("the create user dialog", () => {
  it("refuses a name outside the allowed pattern without calling the API", async () => {
    const create = vi.fn(async () => ({ data: {} }));
    const dialog = openDialog(create);
    fill(dialog, { email: "ada@example.com", first: "Ada<script>", last: "Lovelace" });
    expect(await within(dialog).findByText("Use only letters, digits, spaces and _ ~ - .")).toBeTruthy();
    expect(within(dialog).getByRole("textbox", { name: /First name/ }).getAttribute("aria-invalid")).toBe("true");
    expect(create).not.toHaveBeenCalled();
  });

  it("puts the server's duplicate e-mail answer on the e-mail field", async () => {
    const create = vi.fn(async () => {
      throw { statusCode: 409, message: "A user with this e-mail already exists.", errors: { email: ["validation.emailTaken"] } };
    });
    const dialog = openDialog(create);
    fill(dialog, { email: "Ada@Example.com ", first: "Ada", last: "Lovelace" });
    expect(await within(dialog).findByText("A user with this e-mail already exists.")).toBeTruthy();
    expect(within(dialog).getByRole("textbox", { name: /E-mail/ }).getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    // The domain schema trims and lower-cases the e-mail before it is sent.
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        resource: "manage-users",
        meta: expect.objectContaining({ path: "access/users" }),
        variables: { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", language: "en" },
      }),
    );
  });

  it("shows other server problems in the dialog", async () => {
    const create = vi.fn(async () => {
      throw { statusCode: 500, message: "The identity service is unavailable." };
    });
    const dialog = openDialog(create);
    fill(dialog, { email: "ada@example.com", first: "Ada", last: "Lovelace" });
    expect((await within(dialog).findByRole("alert")).textContent).toContain("The identity service is unavailable.");
  });

  it("opens the new user's page once created, so roles can be given", async () => {
    const create = vi.fn(async () => ({ data: { id: NEW_ID, email: "ada@example.com" } }));
    const dialog = openDialog(create);
    fill(dialog, { email: "ada@example.com", first: "Ada", last: "Lovelace" });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/manage-users/${NEW_ID}`));
  });
});
