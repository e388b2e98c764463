/** The vendor questionnaire, its schema and the vendor risk level (issue 7). */
export * from "./questionnaire";
export * from "./details-schema";
export * from "./risk";
