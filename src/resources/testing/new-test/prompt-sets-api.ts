import { useCallback } from "react";
import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import type { ApplicationDocument } from "../../../../domain/entities/document";
import type { PromptLanguage, PromptSet, PromptSetId } from "../../../../domain/testing/prompt-sets";

/** GET /v2/testing/prompt-sets: the sets, titled in the reader's language. */
export function usePromptSets(lang: PromptLanguage) {
  const { query } = useCustom<{ items: PromptSet[] }, HttpError>({
    url: "/testing/prompt-sets",
    method: "get",
    config: { query: { lang } },
    queryOptions: { retry: false, staleTime: Infinity },
    errorNotification: false,
  });
  return { sets: query.data?.data.items ?? [], loading: query.isLoading, error: query.error };
}

export const promptSetCsvPath = (setId: PromptSetId, lang: PromptLanguage) => `/testing/prompt-sets/${setId}.csv?lang=${lang}`;

/**
 * POST …/testing/prompt-runs: Steward runs the set through the application's chat endpoint and stores the
 * responses as a document, which the documents list then shows.
 */
export function useRunPromptSet(applicationId: string) {
  const { mutateAsync, mutation } = useCustomMutation<ApplicationDocument>();
  const queryClient = useQueryClient();
  const run = useCallback(
    async (setId: PromptSetId, language: PromptLanguage) => {
      const { data } = await mutateAsync({
        url: `/applications/${applicationId}/testing/prompt-runs`,
        method: "post",
        values: { set_id: setId, language },
        successNotification: false,
        errorNotification: false,
      });
      const documents = `/applications/${applicationId}/documents`;
      await queryClient.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes(documents) });
      return data;
    },
    [applicationId, mutateAsync, queryClient],
  );
  return { run, running: mutation.isPending };
}
