/** Sets each key's line in an env file's text (replacing its old value), appending those it lacks. */
export function withSettings(text: string, settings: Record<string, string>): string {
  const lines = text === "" ? [] : text.replace(/\n$/, "").split("\n");
  const missing = new Map(Object.entries(settings));
  const updated = lines.map((line) => {
    const key = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];
    if (!key || !missing.has(key)) return line;
    const value = missing.get(key)!;
    missing.delete(key);
    return `${key}=${value}`;
  });
  if (missing.size > 0) updated.push("# Production mode (npm run aws:setup)", ...[...missing].map(([key, value]) => `${key}=${value}`));
  return `${updated.join("\n")}\n`;
}
