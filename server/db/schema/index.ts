export * from "./company";
