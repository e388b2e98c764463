/** A field across both columns where a form has two (the incident's page); in one column it changes nothing. */
export const WIDE = { gridColumn: "1 / -1" } as const;
