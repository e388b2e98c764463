/** The vendor questionnaire, its schema and the vendor risk level. */
export * from "./questionnaire";
export * from "./details-schema";
export * from "./risk";
