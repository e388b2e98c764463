/** Approval and development status workflows. */
export * from "./move-check";
export * from "./approval";
export * from "./approval-reset";
export * from "./development";
export * from "./awaiting";
