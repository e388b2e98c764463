import { useCallback } from "react";
import type { DataSource } from "../../../../domain/entities/testing-task";
import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";

/** A control of the application that a bias test can be evidence of. */
export interface EvidenceControl {
  control_id: string;
  name: string;
  framework: string;
}

const testingPath = (applicationId: string) => `/applications/${encodeURIComponent(applicationId)}/testing`;

/** GET …/testing/evidence-controls: the application's controls that bias testing evidences; loaded once asked for. */
/** The controls a kind of test evidences differ (an LLM test is also generative-AI bias evidence): `dataSource` narrows them. */
export function useEvidenceControls(applicationId: string, enabled: boolean, dataSource?: DataSource) {
  const { query, result } = useCustom<{ items: EvidenceControl[] }, HttpError>({
    url: `${testingPath(applicationId)}/evidence-controls`,
    method: "get",
    config: dataSource ? { query: { data_source: dataSource } } : undefined,
    queryOptions: { enabled: enabled && Boolean(applicationId), retry: false },
    errorNotification: false,
  });
  return { controls: result.data?.items ?? [], query };
}

/** POST …/tasks/{taskId}/evidence: the test becomes evidence of one control; a failure is the caller's to show. */
export function useAddTestEvidence(applicationId: string, taskId: string) {
  const { mutateAsync } = useCustomMutation();
  return useCallback(
    async (controlId: string) => {
      await mutateAsync({
        url: `${testingPath(applicationId)}/tasks/${encodeURIComponent(taskId)}/evidence`,
        method: "post",
        values: { control_id: controlId },
        successNotification: false,
        errorNotification: false,
      });
    },
    [applicationId, taskId, mutateAsync],
  );
}
