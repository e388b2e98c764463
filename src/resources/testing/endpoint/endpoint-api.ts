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

/** The application's model endpoint; `null` when none is registered (the API answers 404). */
export function useModelEndpoint(applicationId: string) {
  const { query } = useCustom<ModelEndpoint, HttpError>({
    url: endpointPath(applicationId),
    method: "get",
    queryOptions: { enabled: Boolean(applicationId), retry: false },
    errorNotification: false,
  });
  const missing = query.error?.statusCode === 404;
  return {
    // The query's own data: Refine's `result` stands in an empty object until the answer arrives.
    endpoint: missing ? null : query.data?.data,
    loading: query.isLoading,
    /** A failure other than "none registered". */
    error: missing ? null : query.error,
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
