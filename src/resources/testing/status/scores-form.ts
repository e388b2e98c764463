import { z } from "zod";
import { scoredUploadSchema, type Population } from "../../../../domain/entities/testing-task";

/** The scored population's file and how to read the model's answers in it. */
export interface ScoresValues {
  document_id: string;
  columns: { outcome: string; outcome_type: "binary" | "score"; positive_value: string };
}

export const scoresValuesOf = (population: Population | null): ScoresValues => ({
  document_id: "",
  columns: { outcome: "", outcome_type: population?.outcome_type ?? "score", positive_value: "1" },
});

/** POST …/tasks/{taskId}/scores: a positive value only for decisions (a score is selected above the median). */
export const scoresFormSchema = z
  .object({
    document_id: z.string().min(1, "testing.validation.documentRequired"),
    columns: z.object({ outcome: z.string().trim().min(1, "validation.required"), outcome_type: z.enum(["binary", "score"]), positive_value: z.string() }),
  })
  .transform(({ document_id, columns }) => ({
    document_id,
    columns: {
      outcome: columns.outcome,
      outcome_type: columns.outcome_type,
      ...(columns.outcome_type === "binary" && columns.positive_value.trim() ? { positive_value: columns.positive_value.trim() } : {}),
    },
  }))
  .pipe(scoredUploadSchema);
