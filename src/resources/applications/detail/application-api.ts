import { useCallback } from "react";
import { useCustom, useGetIdentity, useOne, useUpdate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Application, ApplicationUpdate } from "../../../../domain/entities/application";

const APPLICATIONS_RESOURCE = "applications";

/** The application itself (GET /applications/{id}); a 404 or a malformed id is shown as "not found". */
export function useApplication(id: string) {
  return useOne<Application, HttpError>({
    resource: APPLICATIONS_RESOURCE,
    id,
    queryOptions: { enabled: Boolean(id), retry: false },
    errorNotification: false,
  });
}

/** A GET under /applications/{id}/… through the data provider's `custom`. */
export function useApplicationGet<T extends BaseRecord>(id: string, sub: string, query?: Record<string, string | number>, enabled = true) {
  return useCustom<T, HttpError>({
    url: `/applications/${id}/${sub}`,
    method: "get",
    config: query ? { query } : undefined,
    queryOptions: { enabled: Boolean(id) && enabled, retry: false },
    errorNotification: false,
  });
}

/**
 * PUT /applications/{id}: an edit, or a status move (a body holding only that status). With the
 * `version` the edit was made on, a record someone else saved since is refused (412) instead of overwritten.
 * A save re-classifies and records an assessment and an audit entry: everything shown is refetched.
 */
export function useApplicationPut(id: string) {
  const { mutateAsync, mutation } = useUpdate<Application, HttpError, ApplicationUpdate>();
  const put = useCallback(
    async (body: ApplicationUpdate, version?: number) => {
      const { data } = await mutateAsync({
        resource: APPLICATIONS_RESOURCE,
        id,
        values: body,
        meta: { method: "PUT", version },
        invalidates: ["all"],
        successNotification: false,
        errorNotification: false,
      });
      return data;
    },
    [mutateAsync, id],
  );
  return { put, busy: mutation.isPending };
}

/** The signed-in user's id (GET /access/user through the auth provider). */
export function useMyId(): string | undefined {
  return useGetIdentity<{ id: string }>().data?.id;
}

/**
 * A refused request's reason for people: the server names it with an i18n key (`workflow.errors.*`,
 * `validation.*`) in its field errors; otherwise its own message.
 */
export function useRefusalText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown): string => {
      const problem = error as HttpError;
      for (const messages of Object.values(problem?.errors ?? {})) {
        const first = Array.isArray(messages) ? messages[0] : typeof messages === "string" ? messages : undefined;
        if (first && /^(workflow|validation)\./.test(first)) return t(first);
      }
      return problem?.message ?? String(error);
    },
    [t],
  );
}
