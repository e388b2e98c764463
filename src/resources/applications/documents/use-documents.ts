import { useCallback, useState } from "react";
import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import {
  DOCUMENT_MAX_BYTES,
  WORKING_PROCESSING_STATUSES,
  type ApplicationDocument,
  type DocumentCreateResponse,
} from "../../../../domain/entities/document";
import { useTransferFile } from "./transfer";

const POLL_MS = 1500;

const hasPending = (items: ApplicationDocument[] | undefined) => Boolean(items?.some((d) => WORKING_PROCESSING_STATUSES.includes(d.status)));

/** The application's documents, polled while any of them is being checked. */
export function useDocuments(applicationId: string) {
  const { query, result } = useCustom<{ items: ApplicationDocument[]; total: number }, HttpError>({
    url: `/applications/${applicationId}/documents`,
    method: "get",
    config: { query: { page_size: 200, sort: "-created_at" } },
    queryOptions: { enabled: Boolean(applicationId), retry: false, refetchInterval: (q) => (hasPending(q.state.data?.data?.items) ? POLL_MS : false) },
    errorNotification: false,
  });
  return { items: result.data?.items ?? [], query };
}

export type UploadProblem = "tooLarge" | "empty" | null;

/** What the browser can tell before sending: the server judges the bytes again. */
export function precheck(file: File): UploadProblem {
  if (file.size > DOCUMENT_MAX_BYTES) return "tooLarge";
  if (file.size === 0) return "empty";
  return null;
}

/**
 * Adds a document: ask for a presigned form, post the file to it with
 * progress, then confirm so the server checks it.
 */
export function useUploadDocument(applicationId: string) {
  const [progress, setProgress] = useState<number | null>(null);
  const { mutateAsync } = useCustomMutation<DocumentCreateResponse>();
  const transferFile = useTransferFile();
  const upload = useCallback(
    async (file: File): Promise<ApplicationDocument> => {
      setProgress(0);
      try {
        const { data } = await mutateAsync({
          url: `/applications/${applicationId}/documents`,
          method: "post",
          values: { name: file.name, ...(file.type ? { content_type: file.type } : {}) },
          successNotification: false,
          errorNotification: false,
        });
        try {
          return await transferFile(applicationId, data.document.id, data.upload, file, setProgress);
        } catch (error) {
          // A file that never arrived (or whose arrival was not confirmed) leaves no document waiting for it.
          await mutateAsync({ url: `/applications/${applicationId}/documents/${data.document.id}`, method: "delete", values: {}, successNotification: false, errorNotification: false }).catch(() => {});
          throw error;
        }
      } finally {
        setProgress(null);
      }
    },
    [applicationId, mutateAsync, transferFile],
  );
  return { upload, progress, uploading: progress !== null };
}
