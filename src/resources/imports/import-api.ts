import { useCallback } from "react";
import { useCustomMutation } from "@refinedev/core";
import type { Import, ImportMapping, ImportMode } from "../../../domain/entities/import";
import type { ImportEntity } from "../../../domain/imports/fields";
import { apiUpload } from "../../providers/api-client";

export const IMPORTS_RESOURCE = "imports";

/**
 * The import's calls: the upload (multipart, so through apiUpload), then the mapping and the commit through
 * Refine's mutation hook.
 */
export function useImportCalls() {
  const { mutateAsync } = useCustomMutation<Import>();
  const send = useCallback(
    async (url: string, method: "put" | "post", values: object) => (await mutateAsync({ url, method, values, successNotification: false, errorNotification: false })).data,
    [mutateAsync],
  );
  return {
    upload: (entity: ImportEntity, file: File) => apiUpload<Import>({ path: `/${IMPORTS_RESOURCE}?entity=${entity}`, file }),
    map: (id: string, mapping: ImportMapping) => send(`/${IMPORTS_RESOURCE}/${id}/mapping`, "put", { mapping }),
    commit: (id: string, mode: ImportMode) => send(`/${IMPORTS_RESOURCE}/${id}/commit`, "post", { mode }),
  };
}
