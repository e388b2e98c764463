/** Version of the shipped framework library (year.month of the content review). */
export const LIBRARY_VERSION = "2026.11";
