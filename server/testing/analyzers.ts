import type { DataSource } from "../../domain/entities/testing-task";
import type { Analyzer } from "./analyzer";
import { analyzeMlUser } from "./ml-user";
import { analyzeSynthetic } from "./synthetic/analyze";

/** Each data source's analysis: the worker runs the one its task names. A data source without one ends in `error`. */
export const ANALYZERS: Partial<Record<DataSource, Analyzer>> = {
  fairness_ml_user: analyzeMlUser,
  fairness_ml_synthetic: analyzeSynthetic,
};
