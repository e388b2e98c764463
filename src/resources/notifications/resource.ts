import { defineResource } from "../define-resource";

/** The caller's notifications, read by the bell in the top bar (paged). No page or menu entry. */
export const notifications = defineResource({ name: "notifications", label: "notifications.title", hideInMenu: true });
