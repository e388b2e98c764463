import { useCallback, useState } from "react";
import { useCustom, type HttpError } from "@refinedev/core";
import type { ApplicationControl, ApplicationControlDetail, ApplicationControlUpdate, Evidence } from "../../../../domain/entities/framework";
import type { UploadForm } from "../../../../domain/entities/document";
import { ifMatch } from "../../../components/forms/conflict/stale-version";
import { api, uploadPresigned } from "../../../providers/api-client";

/** GET /applications/{id}/controls: the controls that apply now. */
export function useApplicationControls(applicationId: string) {
  const { query, result } = useCustom<{ items: ApplicationControl[]; total: number }, HttpError>({
    url: `/applications/${applicationId}/controls`,
    method: "get",
    queryOptions: { enabled: Boolean(applicationId), retry: false },
    errorNotification: false,
  });
  return { items: result.data?.items ?? [], query };
}

/** GET /applications/{id}/controls/{controlId}: one control with its evidence. */
export function useControlDetail(applicationId: string, controlId: string | null) {
  const { query, result } = useCustom<ApplicationControlDetail, HttpError>({
    url: `/applications/${applicationId}/controls/${controlId ?? ""}`,
    method: "get",
    queryOptions: { enabled: Boolean(applicationId && controlId), retry: false },
    errorNotification: false,
  });
  return { control: result.data && "id" in result.data ? result.data : undefined, query };
}

export interface Person {
  id: string;
  name: string;
}

/** Who may own a control: the people who reach the application (the server accepts any user of the company). */
export function useOwnerOptions(applicationId: string) {
  const { result } = useCustom<{ items: { user_id: string; first_name: string; last_name: string }[] }, HttpError>({
    url: `/applications/${applicationId}/authorized-users`,
    method: "get",
    config: { query: { page_size: 200 } },
    queryOptions: { enabled: Boolean(applicationId), retry: false },
    errorNotification: false,
  });
  return (result.data?.items ?? []).map((u): Person => ({ id: u.user_id, name: `${u.first_name} ${u.last_name}`.trim() }));
}

/** A control's change, made on `version`: refused (412) when someone else recorded the control since. */
export const updateControl = (applicationId: string, controlId: string, body: ApplicationControlUpdate, version: number) =>
  api<ApplicationControlDetail>({ method: "PATCH", path: `/applications/${applicationId}/controls/${controlId}`, body, headers: ifMatch(version) });

export const removeEvidence = (applicationId: string, controlId: string, evidenceId: string) =>
  api<void>({ method: "DELETE", path: `/applications/${applicationId}/controls/${controlId}/evidence`, query: { evidence_id: evidenceId } });

export type EvidenceInput = { name: string; expires_on?: string } & ({ kind: "link"; url: string } | { kind: "file"; file: File });

/**
 * Adds evidence: a link in one call; a file as every upload goes (presigned form, post with progress,
 * then confirm it as one of the application's documents so its type is checked).
 */
export function useAddEvidence(applicationId: string, controlId: string) {
  const [progress, setProgress] = useState<number | null>(null);
  const add = useCallback(
    async (input: EvidenceInput): Promise<Evidence> => {
      const common = { name: input.name, ...(input.expires_on ? { expires_on: input.expires_on } : {}) };
      const path = `/applications/${applicationId}/controls/${controlId}/evidence`;
      if (input.kind === "link") {
        const { evidence } = await api<{ evidence: Evidence }>({ method: "POST", path, body: { kind: "link", url: input.url, ...common } });
        return evidence;
      }
      setProgress(0);
      try {
        const { evidence, upload } = await api<{ evidence: Evidence; upload: UploadForm }>({
          method: "POST",
          path,
          body: { kind: "file", ...common, ...(input.file.type ? { content_type: input.file.type } : {}) },
        });
        try {
          await uploadPresigned({ url: upload.url, fields: upload.fields, file: input.file, onProgress: setProgress });
          await api({ method: "POST", path: `/applications/${applicationId}/document/${evidence.document_id}`, body: { uploaded: true } });
        } catch (error) {
          // A file that never arrived (or was refused) is no evidence: take the entry back.
          await removeEvidence(applicationId, controlId, evidence.id).catch(() => {});
          throw error;
        }
        return evidence;
      } finally {
        setProgress(null);
      }
    },
    [applicationId, controlId],
  );
  return { add, progress, uploading: progress !== null };
}
