// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DataProvider } from "@refinedev/core";
import type { Notification } from "../../../domain/entities/notification";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { NotificationBell } from "./NotificationBell";

type GetList = NonNullable<DataProvider["getList"]>;
type Custom = NonNullable<DataProvider["custom"]>;

const notice = (n: number): Notification => ({
  notification_id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  notification_text: `Notice ${n}`,
  notification_link: "/settings",
  notification_read: n > 7,
  notification_timestamp: new Date(Date.now() - n * 60_000).toISOString(),
});

/** The server's GET /notifications: 25 in the window, 7 of them unread, a page at a time. */
function fakes() {
  const all = Array.from({ length: 25 }, (_, i) => notice(i + 1));
  let unread = 7;
  const getList = vi.fn<GetList>(async ({ resource, pagination }) => {
    if (resource !== "notifications") throw new Error(`unexpected ${resource}`);
    const size = pagination?.pageSize ?? 25;
    const page = pagination?.currentPage ?? 1;
    return { data: all.slice((page - 1) * size, page * size) as never[], total: all.length, unread };
  });
  const custom = vi.fn<Custom>(async () => {
    unread = 0;
    return { data: null as never };
  });
  return { dataProvider: { getList, custom } as Partial<DataProvider>, getList, custom };
}

beforeAll(initTestI18n);
afterEach(cleanup);

describe("the notification bell", () => {
  it("shows the unread count and the first page of the last 30 days, and the rest on Show more", async () => {
    const { dataProvider, getList } = fakes();
    renderWithRefine(<NotificationBell />, { dataProvider });
    fireEvent.click(await screen.findByRole("button", { name: "Open notifications, 7 unread" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Notifications" }));
    await waitFor(() => expect(dialog.getAllByRole("button", { name: /^Notice/ })).toHaveLength(20));
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ resource: "notifications", pagination: expect.objectContaining({ currentPage: 1, pageSize: 20 }), meta: expect.objectContaining({ query: { days: "30" } }) }));

    fireEvent.click(dialog.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(dialog.getAllByRole("button", { name: /^Notice/ })).toHaveLength(25));
    expect(dialog.queryByRole("button", { name: "Show more" })).toBeNull();
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ pagination: expect.objectContaining({ currentPage: 2, pageSize: 20 }) }));
  });

  it("marks all as read and then shows no unread count", async () => {
    const { dataProvider, custom } = fakes();
    renderWithRefine(<NotificationBell />, { dataProvider });
    fireEvent.click(await screen.findByRole("button", { name: "Open notifications, 7 unread" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Notifications" }));
    fireEvent.click(await dialog.findByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: "/notifications/mark_read/all", method: "put" })));
    // The open popover hides the rest of the page from the accessibility tree; the bell is still there.
    expect(await screen.findByRole("button", { name: "Open notifications", hidden: true })).toBeTruthy();
  });
});
