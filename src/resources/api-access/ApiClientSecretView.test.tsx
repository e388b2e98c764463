// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ApiClientCreated } from "../../../domain/entities/api-client";
import { initTestI18n } from "../../test-support/i18n";
import { ApiClientSecretView } from "./ApiClientSecretView";
import { curlExample } from "./curl-example";

const client: ApiClientCreated = {
  id: "6a1e2b3c-0000-4000-8000-000000000001",
  name: "CI pipeline",
  client_id: "steward-ci-7f3a",
  client_secret: "s3cr3t-only-once",
  token_url: "https://steward.example/oauth2/token",
  role: { id: "6a1e2b3c-0000-4000-8000-000000000002", name: "ApplicationReviewer" },
  resource_group: { id: "6a1e2b3c-0000-4000-8000-000000000003", name: "All applications", group_type: "ALL" },
  created_at: "2026-11-21T10:00:00.000Z",
  created_by: "Ada Admin",
  last_used_at: null,
  revoked_at: null,
};

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe("the secret shown once", () => {
  it("shows the client id, the secret, the token URL and a curl exchange, with the warning", () => {
    render(<ApiClientSecretView client={client} />);
    expect(fieldValue("Client ID")).toBe("steward-ci-7f3a");
    expect(fieldValue("Client secret")).toBe("s3cr3t-only-once");
    expect(fieldValue("Token URL")).toBe("https://steward.example/oauth2/token");
    expect(fieldValue("Example: get an access token")).toContain(
      `curl -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials 'https://steward.example/oauth2/token'`,
    );
    expect(screen.getByText(/It will not be shown again/)).toBeTruthy();
    expect((screen.getByLabelText("Client secret") as HTMLInputElement).readOnly).toBe(true);
  });

  it("copies the secret to the clipboard and says so", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(<ApiClientSecretView client={client} />);
    fireEvent.click(screen.getByRole("button", { name: "Copy client secret" }));
    expect(writeText).toHaveBeenCalledWith("s3cr3t-only-once");
    const secretField = screen.getByLabelText("Client secret").closest(".MuiFormControl-root") as HTMLElement;
    expect(await within(secretField).findByText("Copied")).toBeTruthy();
    // Only the field that was copied says so.
    const idField = screen.getByLabelText("Client ID").closest(".MuiFormControl-root") as HTMLElement;
    expect(within(idField).queryByText("Copied")).toBeNull();
  });

  it("tells the user to copy by hand when the clipboard refuses", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error("denied")) } });
    render(<ApiClientSecretView client={client} />);
    fireEvent.click(screen.getByRole("button", { name: "Copy client ID" }));
    expect(await screen.findByText(/copy it by hand/)).toBeTruthy();
  });
});

describe("curlExample", () => {
  it("quotes values so any character survives the shell", () => {
    expect(curlExample("id", "it's", "https://x/oauth2/token")).toBe(
      [`CLIENT_ID='id'`, `CLIENT_SECRET='it'\\''s'`, `curl -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials 'https://x/oauth2/token'`].join("\n"),
    );
  });
});
