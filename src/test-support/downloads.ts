import { vi } from "vitest";

/**
 * The names of the files the page saves from now on, in order: a download is a blob behind a link the page
 * clicks, so the link's click is caught and its file name kept (jsdom has no object URLs of its own).
 */
export function captureDownloads(): string[] {
  URL.createObjectURL = vi.fn(() => "blob:download");
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
