/** What to PUT and DELETE so a group lists exactly `wanted` (order-insensitive, duplicates ignored). */
export function diffResourceIds(current: readonly string[], wanted: readonly string[]): { add: string[]; remove: string[] } {
  const have = new Set(current);
  const want = new Set(wanted);
  return {
    add: [...want].filter((id) => !have.has(id)),
    remove: [...have].filter((id) => !want.has(id)),
  };
}

/** A uuid too long for a chip, as its first block: "3f2a9c1e…". */
export const shortId = (id: string) => (id.length > 8 ? `${id.slice(0, 8)}…` : id);
