import { useSyncExternalStore } from "react";
import type { NotificationProvider } from "@refinedev/core";

export const SNACKBAR_AUTO_HIDE_MS = 3000;

export interface Toast {
  key: string;
  message: string;
  severity: "success" | "error" | "info" | "warning";
  /** An in-app path shown as the snackbar's "View" link. */
  link?: string;
}

let current: Toast | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
let counter = 0;

export function notify(toast: Omit<Toast, "key"> & { key?: string }): void {
  current = { key: toast.key ?? `toast-${++counter}`, ...toast };
  emit();
}

export function dismiss(key?: string): void {
  if (!current || (key && current.key !== key)) return;
  current = null;
  emit();
}

/** Refine's notifications, shown in the app's one snackbar (top right, 3 s, optional View link). */
export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type }) => {
    if (type === "progress") return;
    const text = description && description !== message ? `${message}: ${description}` : message;
    notify({ key, message: text, severity: type === "error" ? "error" : "success" });
  },
  close: (key) => dismiss(key),
};

export function useCurrentToast(): Toast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
