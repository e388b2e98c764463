import packageJson from "../../package.json";

/** Steward's version as package.json states it: recorded in every run's provenance. */
export const STEWARD_VERSION: string = packageJson.version;
