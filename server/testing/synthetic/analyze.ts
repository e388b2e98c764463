import { populationSchema, TESTING_ERRORS } from "../../../domain/entities/testing-task";
import { TestingFailure, type Analyzer } from "../analyzer";
import { scoreThroughEndpoint } from "./endpoint-scoring";
import { analyzeScoredFile } from "./scored-file";

/**
 * `fairness_ml_synthetic`: a population of counterfactual twins (population.ts), scored either through the
 * application's model endpoint (endpoint-scoring.ts) or offline by the user, who uploads the scored file to
 * the task (scored-file.ts). Results: the fairness metrics of `fairness_ml_user` over the model's outcomes,
 * plus the counterfactual flip rates and largest score gaps per protected attribute.
 */
export const analyzeSynthetic: Analyzer = async (context) => {
  const population = populationSchema.safeParse(context.task.population);
  if (!population.success) throw new TestingFailure(TESTING_ERRORS.failed);
  return population.data.scoring === "endpoint" ? scoreThroughEndpoint(context, population.data) : analyzeScoredFile(context, population.data);
};
