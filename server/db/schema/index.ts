export * from "./company";
export * from "./access";
export * from "./identity";
