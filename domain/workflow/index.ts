/** Approval and development status workflows (shared/spec/risk-model.md §4–§5). */
export * from "./move-check";
export * from "./approval";
export * from "./approval-reset";
export * from "./development";
export * from "./awaiting";
