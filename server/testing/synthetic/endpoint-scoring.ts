import { createHash } from "node:crypto";
import { TESTING_ERRORS, type FairnessResults, type Population } from "../../../domain/entities/testing-task";
import { counterfactualResults, FairnessAccumulator } from "../../../domain/testing/fairness";
import type { AnalysisContext } from "../analyzer";
import { TestingFailure } from "../analyzer";
import { BATCH_SIZE, DEFAULT_CALL_OPTIONS, KserveClient, type CallOptions } from "../endpoint/kserve-client";
import { endpointForCall, findEndpoint } from "../endpoint/store";
import { tokenCipher } from "../../files/secret-cipher";
import { modelInstance, populationRows, type PopulationRow } from "./population";
import { populationHeaderLine, populationRowLine } from "./population-csv";
import { syntheticProvenance } from "./provenance";
import { TwinOutcomes } from "./twin-outcomes";

/** The call settings of a run: the configured time limit, the default retries. */
export const callOptionsOf = (config: AnalysisContext["config"]): CallOptions => ({ ...DEFAULT_CALL_OPTIONS, timeoutMs: config.MODEL_ENDPOINT_TIMEOUT_MS });

/**
 * Scores a generated population through the application's registered KServe V1 endpoint, batch by batch
 * (progress after each), feeding every answer into the fairness accumulator (the protected attributes are
 * the population's; the outcome is the model's decision or score; there is no label) and into the twin
 * sets for the counterfactual flip rates. The population's CSV bytes are hashed as the rows go, so the
 * provenance names exactly what the download of this population serves.
 */
export async function scoreThroughEndpoint(context: AnalysisContext, population: Population, options = callOptionsOf(context.config)): Promise<FairnessResults> {
  const { db, config, task } = context;
  const row = await findEndpoint(db, task.companyId, task.applicationId);
  if (!row || row.protocol !== "kserve_v1") throw new TestingFailure(TESTING_ERRORS.endpointMissing);
  const endpoint = endpointForCall(row, await tokenCipher(config));
  const client = await KserveClient.open(endpoint, config.MODEL_ENDPOINT_ALLOWLIST, options);

  const attributes = population.protected.map((a) => a.attribute);
  const accumulator = new FairnessAccumulator({ outcome_type: population.outcome_type, has_label: false, attributes });
  const twins = new TwinOutcomes(population.outcome_type);
  const hash = createHash("sha256").update(populationHeaderLine(population), "utf8");

  let batch: PopulationRow[] = [];
  let batchNumber = 0;
  const score = async () => {
    batchNumber++;
    const predictions = await client.predict(
      batch.map((r) => modelInstance(population, r)),
      batchNumber,
    );
    predictions.forEach((prediction, i) => {
      const r = batch[i];
      if (population.outcome_type === "binary" && prediction !== 0 && prediction !== 1) {
        throw new TestingFailure(TESTING_ERRORS.endpointAnswer, { batch: batchNumber, detail: `prediction ${i + 1} is ${prediction}, not a decision 1 or 0` });
      }
      accumulator.add(String(prediction), undefined, r.protected);
      const group = r.protected[attributes.indexOf(r.varied_attribute)];
      twins.add(r.twin_set, r.varied_attribute, group, population.outcome_type === "score" ? { score: prediction } : { positive: prediction === 1 });
    });
    batch = [];
    await context.progress(accumulator.rowsRead);
  };

  try {
    for (const r of populationRows(population)) {
      hash.update(populationRowLine(r), "utf8");
      batch.push(r);
      if (batch.length === BATCH_SIZE) await score();
    }
    if (batch.length > 0) await score();
  } finally {
    client.close();
  }

  const finished = accumulator.finish();
  return {
    ...finished,
    counterfactual: counterfactualResults(twins.rows(finished.median_score)),
    provenance: syntheticProvenance({
      sha256: hash.digest("hex"),
      accumulator,
      columns: { outcome_type: population.outcome_type, protected: Object.fromEntries(attributes.map((a) => [a, a])), endpoint: { url: row.url, protocol: row.protocol } },
      population,
    }),
  };
}
