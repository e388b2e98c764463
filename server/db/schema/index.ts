export * from "./company";
export * from "./access";
export * from "./identity";
export * from "./api-clients";
export * from "./audit";
export * from "./applications";
export * from "./vendors";
export * from "./frameworks";
