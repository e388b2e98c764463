/**
 * The one place failures are reported to error tracking. Without a configured
 * tracker they go to the console, where a developer can read them.
 */
export function reportError(error: unknown, tags: Record<string, string | number> = {}): void {
  console.warn("[steward]", tags, error);
}
