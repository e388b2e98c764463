import { useCallback } from "react";
import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import type { ModelEndpoint, ModelEndpointInput } from "../../../../domain/entities/model-endpoint";
import { ifMatch } from "../../../components/forms/conflict/stale-version";

export const endpointPath = (applicationId: string) => `/applications/${applicationId}/testing/endpoint`;

/** What POST …/endpoint/check answers: whether one small batch came back readable, and if not, why (a testing.errors key). */
export interface EndpointCheck {
  ok: boolean;
  error?: string;
  error_params?: Record<string, string | number>;
}

/**
 * The application's model endpoint; `null` while none is registered. Read as the list of its endpoints, so
 * "none yet" is an empty answer, a state, rather than a 404 and an error in the console.
 */
export function useModelEndpoint(applicationId: string) {
  const { query } = useCustom<{ items: ModelEndpoint[]; total: number }, HttpError>({
    url: `${endpointPath(applicationId)}s`,
    method: "get",
    queryOptions: { enabled: Boolean(applicationId), retry: false },
    errorNotification: false,
  });
  // The query's own data: Refine's `result` stands in an empty object until the answer arrives.
  const items = query.data?.data.items;
  return {
    endpoint: items ? (items[0] ?? null) : undefined,
    loading: query.isLoading,
    error: query.error,
    refetch: query.refetch,
  };
}

/** Saves, removes and checks the endpoint; each change reads it again. */
export function useEndpointActions(applicationId: string, refetch: () => unknown) {
  const { mutateAsync, mutation } = useCustomMutation<ModelEndpoint | EndpointCheck>();
  const call = useCallback(
    (method: "put" | "delete" | "post", url: string, values: object = {}, headers?: Record<string, string>) =>
      mutateAsync({ url, method, values, config: headers ? { headers } : undefined, successNotification: false, errorNotification: false }),
    [mutateAsync],
  );
  /** With the version edited, a save over someone else's newer one is refused (412) rather than replacing it. */
  const save = useCallback(
    async (input: ModelEndpointInput, version?: number) => {
      const { data } = await call("put", endpointPath(applicationId), input, version === undefined ? undefined : ifMatch(version));
      await refetch();
      return data as ModelEndpoint;
    },
    [applicationId, call, refetch],
  );
  const remove = useCallback(async () => {
    await call("delete", endpointPath(applicationId));
    await refetch();
  }, [applicationId, call, refetch]);
  const check = useCallback(async () => (await call("post", `${endpointPath(applicationId)}/check`)).data as EndpointCheck, [applicationId, call]);
  return { save, remove, check, busy: mutation.isPending };
}
