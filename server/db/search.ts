/** An ILIKE pattern for free-text search (design §4 `q`): `%` and `_` typed by the user are literal characters. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
