// Types only: the changes, the classification, the approvals and the controls all take an application row, and a
// type kept in the store (which calls them) tied them into one import cycle.
import type { applications } from "../db/schema";

export type ApplicationRow = typeof applications.$inferSelect;
