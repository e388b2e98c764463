/**
 * The browser's `datetime-local` inputs hold a wall-clock time without a zone ("2026-03-01T10:30"); the API
 * takes and answers instants. These convert between the two in the user's own time zone.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a `datetime-local` value in the user's zone, to the minute; "" for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant (UTC, `Z`); text that names no time is passed on for the schema to refuse. */
export function fromLocalInput(value: string): string {
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
}

/** Now, as a `datetime-local` value. */
export const nowLocalInput = () => toLocalInput(new Date().toISOString());
