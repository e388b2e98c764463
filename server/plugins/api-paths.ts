/**
 * The server's own API surfaces, as opposed to the web app's files: these answer JSON, are never
 * cached, and count against the rate limit.
 */
const API_PREFIXES = ["/v2", "/identity", "/oauth2"];

export function isApiPath(url: string): boolean {
  const path = url.split("?")[0];
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
