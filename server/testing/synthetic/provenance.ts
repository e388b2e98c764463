import packageJson from "../../../package.json";
import type { FairnessResults, Population } from "../../../domain/entities/testing-task";
import { METRIC_DEFINITIONS_VERSION, type FairnessAccumulator } from "../../../domain/testing/fairness";

/** Steward's own version, recorded with every run so an auditor knows which code computed it. */
export const STEWARD_VERSION: string = packageJson.version;

/**
 * How a synthetic run can be reproduced: the hash of the analysed bytes (the generated population, or the
 * scored file as stored), rows read and left out, how the outcome was read, the versions, and the population
 * spec with its seed.
 */
export function syntheticProvenance(input: {
  sha256: string;
  accumulator: FairnessAccumulator;
  columns: Record<string, unknown>;
  population: Population;
}): FairnessResults["provenance"] {
  return {
    input_sha256: input.sha256,
    rows_read: input.accumulator.rowsRead,
    rows_without_outcome: input.accumulator.rowsWithoutOutcome,
    columns: input.columns,
    metric_definitions_version: METRIC_DEFINITIONS_VERSION,
    steward_version: STEWARD_VERSION,
    population: input.population,
  };
}
