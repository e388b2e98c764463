// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { anApplication, APP_ID, fakeProvider, initTestI18n, ME, renderDetailPage, SOMEONE_ELSE } from "./test-support";

beforeAll(initTestI18n);
afterEach(cleanup);

/** The approval buttons offered, once the caller's roles and identity are known. */
const actionNames = async () => {
  // Known when the editor's development select or the read-only notice shows.
  await waitFor(() =>
    expect(screen.queryByRole("combobox", { name: "Development status" }) ?? screen.queryByText(/only a contributor or an administrator/)).not.toBeNull(),
  );
  const group = screen.queryByRole("group", { name: "Approval actions" });
  return group ? within(group).getAllByRole("button").map((b) => b.textContent) : [];
};

describe("/applications/detail/{id}", () => {
  it("says a missing application is not found and links back to the list", async () => {
    const getOne = vi.fn(async () => {
      throw { statusCode: 404, message: "Application not found." };
    });
    renderDetailPage(fakeProvider({ getOne }));
    expect(await screen.findByRole("heading", { name: "Application not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to AI Applications" }).getAttribute("href")).toBe("/applications");
  });

  it("offers only the approval moves the caller's roles allow", async () => {
    const submitted = anApplication({ approval_status: "submitted", submitted_by: SOMEONE_ELSE });
    renderDetailPage(fakeProvider({ application: submitted, roles: ["ApplicationReviewer"] }));
    expect(await actionNames()).toEqual(["Start review"]);
    cleanup();

    renderDetailPage(fakeProvider({ application: submitted, roles: ["ApplicationContributor"] }));
    expect(await actionNames()).toEqual([]);
    cleanup();

    renderDetailPage(fakeProvider({ application: anApplication({ approval_status: "draft" }), roles: ["ApplicationContributor"] }));
    expect(await actionNames()).toEqual(["Submit for review"]);
    cleanup();

    const inReview = anApplication({ approval_status: "in_review", submitted_by: SOMEONE_ELSE });
    renderDetailPage(fakeProvider({ application: inReview, roles: ["ApplicationApprover"] }));
    expect(await actionNames()).toEqual(["Approve", "Reject"]);
    cleanup();

    // Never one's own submission.
    renderDetailPage(fakeProvider({ application: { ...inReview, submitted_by: ME }, roles: ["ApplicationApprover"] }));
    expect(await actionNames()).toEqual([]);
  });

  it("confirms an approval, sends the move alone, and shows a refusal in words", async () => {
    const mutate = vi.fn(async () => {
      throw { statusCode: 409, message: "A prohibited application can never be approved.", errors: { approval_status: ["workflow.errors.prohibitedNeverApproved"] } };
    });
    const inReview = anApplication({ approval_status: "in_review", submitted_by: SOMEONE_ELSE });
    renderDetailPage(fakeProvider({ application: inReview, roles: ["ApplicationApprover"], mutate }));
    fireEvent.click(await screen.findByRole("button", { name: "Approve" }));
    const dialog = screen.getByRole("dialog", { name: "Approve this application?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("A prohibited application can never be approved.");
    expect(mutate).toHaveBeenCalledWith({ url: `/applications/${APP_ID}`, method: "put", payload: { approval_status: "approved" } });
  });

  it("offers the development statuses to an editor, a refused one disabled with its reason", async () => {
    renderDetailPage(fakeProvider({ application: anApplication({ risk_tier: "high" }), roles: ["ApplicationContributor"] }));
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: "Development status" }));
    const deployed = await screen.findByRole("option", { name: /Deployed/ });
    expect(deployed.getAttribute("aria-disabled")).toBe("true");
    expect(deployed.textContent).toContain("A high or medium risk application can be deployed only while it is approved.");
    expect(screen.getByRole("option", { name: /Testing/ }).getAttribute("aria-disabled")).not.toBe("true");
  });

  it("shows the reset reason when the approval was reset", async () => {
    renderDetailPage(fakeProvider({ application: anApplication({ approval_reset_reason: "workflow.resetReasons.tierChanged" }) }));
    expect(await screen.findByText("Re-approval required: The risk tier changed, so the application needs approval again.")).toBeTruthy();
  });

  it("shows a comment's markup as text, with its line breaks, and keeps the tab in the URL", async () => {
    const body = "<script>window.hacked = true</script>\n<b>bold?</b>";
    const comments = { items: [{ id: "00000000-0000-4000-8000-0000000000c1", author: { id: ME, name: "Carlos Contributor" }, body, created_at: "2026-11-20T10:00:00.000Z" }], total: 1 };
    const { container } = renderDetailPage(fakeProvider({ roles: ["ApplicationReviewer"], lists: { comments } }));
    fireEvent.click(await screen.findByRole("tab", { name: "Comments" }));
    expect(screen.getByTestId("location").textContent).toBe(`/applications/detail/${APP_ID}?tab=comments`);
    const shown = await screen.findByTestId("comment-body");
    expect(shown.textContent).toBe(body);
    expect(container.querySelector("script, b")).toBeNull();
    expect(getComputedStyle(shown).whiteSpace).toBe("pre-wrap");
  });

  it("posts a comment", async () => {
    const mutate = vi.fn(async () => ({ id: "x" }));
    renderDetailPage(fakeProvider({ roles: ["ApplicationReviewer"], mutate }), "?tab=comments");
    fireEvent.change(await screen.findByRole("textbox", { name: "Add a comment" }), { target: { value: "Looks fine\nto me" } });
    fireEvent.click(screen.getByRole("button", { name: "Post comment" }));
    await waitFor(() =>
      expect(mutate).toHaveBeenCalledWith({ url: `/applications/${APP_ID}/comments`, method: "post", payload: { body: "Looks fine\nto me" } }),
    );
  });
});
