/** An ILIKE pattern for a list's free-text search (`q`): `%` and `_` typed by the user are literal characters. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
