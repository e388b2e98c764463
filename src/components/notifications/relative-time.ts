const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** "Just now" under an hour, then whole hours, then whole days; the i18n key and its count. */
export function relativeTime(iso: string, now = Date.now()): { key: "justNow" | "hoursAgo" | "daysAgo"; count: number } {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < HOUR_MS) return { key: "justNow", count: 0 };
  if (elapsed < DAY_MS) return { key: "hoursAgo", count: Math.floor(elapsed / HOUR_MS) };
  return { key: "daysAgo", count: Math.floor(elapsed / DAY_MS) };
}

/** A link to our own app opens in place; anything else in a new tab. */
export function inAppPath(link: string, origin = window.location.origin): string | null {
  if (link.startsWith("/") && !link.startsWith("//")) return link;
  try {
    const url = new URL(link);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
