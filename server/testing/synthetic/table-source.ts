/**
 * Scored files are read by the shared table reader (streamed CSV / .xlsx with the SHA-256 of the stored
 * bytes). One import point, so tests written before that reader existed could stand in for it.
 */
export { openTable, type Table } from "../table-reader";
