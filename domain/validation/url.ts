/**
 * Domain code type-checks without DOM or Node types, yet every runtime it runs in (browsers, Node) has the
 * WHATWG `URL` class. Declared here, for this module only, with just the members read below: the global is
 * used at run time and nothing else in domain/ can reach for browser or Node APIs by accident.
 */
declare const URL: new (input: string) => { readonly protocol: string; readonly hostname: string };

/** The scheme (with its colon, e.g. "https:") and host name of an absolute URL, or null when `value` is not one. */
export function parseUrl(value: string): { protocol: string; hostname: string } | null {
  try {
    const { protocol, hostname } = new URL(value);
    return { protocol, hostname };
  } catch {
    return null;
  }
}
