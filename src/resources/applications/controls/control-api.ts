import { useCallback, useMemo, useState } from "react";
import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import type { EvidenceUpdate } from "../../../../domain/entities/evidence-dates";
import type { ApplicationControl, ApplicationControlDetail, ApplicationControlUpdate, Evidence } from "../../../../domain/entities/framework";
import type { UploadForm } from "../../../../domain/entities/document";
import { ifMatch } from "../../../components/forms/conflict/stale-version";
import { useTransferFile } from "../documents/transfer";

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

const controlUrl = (applicationId: string, controlId: string) => `/applications/${applicationId}/controls/${controlId}`;

/** The writes of an application's controls; failures are the caller's to show. */
function useControlWrites(applicationId: string) {
  const { mutateAsync } = useCustomMutation();
  return useMemo(() => {
    const call = async <T>(url: string, method: "post" | "patch" | "delete", values: object, config?: { headers?: Record<string, string>; query?: Record<string, string> }) =>
      (await mutateAsync({ url, method, values, config, successNotification: false, errorNotification: false })).data as T;
    return {
      /** A control's change, made on `version`: refused (412) when someone else recorded the control since. */
      update: (controlId: string, body: ApplicationControlUpdate, version: number) =>
        call<ApplicationControlDetail>(controlUrl(applicationId, controlId), "patch", body, { headers: ifMatch(version) }),
      removeEvidence: (controlId: string, evidenceId: string) => call<void>(`${controlUrl(applicationId, controlId)}/evidence`, "delete", {}, { query: { evidence_id: evidenceId } }),
      addEvidence: <T>(controlId: string, body: object) => call<T>(`${controlUrl(applicationId, controlId)}/evidence`, "post", body),
      updateEvidence: (controlId: string, evidenceId: string, body: EvidenceUpdate) => call<Evidence>(`${controlUrl(applicationId, controlId)}/evidence/${evidenceId}`, "patch", body),
    };
  }, [applicationId, mutateAsync]);
}

export function useControlUpdate(applicationId: string) {
  return useControlWrites(applicationId).update;
}

export function useEvidenceRemoval(applicationId: string) {
  return useControlWrites(applicationId).removeEvidence;
}

/** Changes a piece of evidence's name or dates. */
export function useEvidenceUpdate(applicationId: string) {
  return useControlWrites(applicationId).updateEvidence;
}

export type EvidenceInput = { name: string; effective_on?: string; expires_on?: string } & ({ kind: "link"; url: string } | { kind: "file"; file: File });

/**
 * Adds evidence: a link in one call; a file as every upload goes (presigned form, post with progress,
 * then confirm it as one of the application's documents so its type is checked).
 */
export function useAddEvidence(applicationId: string, controlId: string) {
  const [progress, setProgress] = useState<number | null>(null);
  const writes = useControlWrites(applicationId);
  const transferFile = useTransferFile();
  const add = useCallback(
    async (input: EvidenceInput): Promise<Evidence> => {
      const common = { name: input.name, ...(input.effective_on ? { effective_on: input.effective_on } : {}), ...(input.expires_on ? { expires_on: input.expires_on } : {}) };
      if (input.kind === "link") {
        const { evidence } = await writes.addEvidence<{ evidence: Evidence }>(controlId, { kind: "link", url: input.url, ...common });
        return evidence;
      }
      setProgress(0);
      try {
        const { evidence, upload } = await writes.addEvidence<{ evidence: Evidence; upload: UploadForm }>(controlId, {
          kind: "file",
          ...common,
          ...(input.file.type ? { content_type: input.file.type } : {}),
        });
        try {
          await transferFile(applicationId, evidence.document_id!, upload, input.file, setProgress);
        } catch (error) {
          // A file that never arrived (or was refused) is no evidence: take the entry back.
          await writes.removeEvidence(controlId, evidence.id).catch(() => {});
          throw error;
        }
        return evidence;
      } finally {
        setProgress(null);
      }
    },
    [applicationId, controlId, writes, transferFile],
  );
  return { add, progress, uploading: progress !== null };
}
