import { useCallback } from "react";
import { useCustomMutation } from "@refinedev/core";
import type { ApplicationDocument, UploadForm } from "../../../../domain/entities/document";
import { uploadPresigned } from "../../../providers/api-client";

/**
 * The second half of every upload (a document, a piece of evidence): the bytes go straight to storage through
 * the presigned form, with progress, then the API hears they arrived and checks them (type from the bytes, size).
 */
export function useTransferFile() {
  const { mutateAsync } = useCustomMutation<ApplicationDocument>();
  return useCallback(
    async (applicationId: string, documentId: string, form: UploadForm, file: File, onProgress: (percent: number) => void) => {
      await uploadPresigned({ url: form.url, fields: form.fields, file, onProgress });
      const { data } = await mutateAsync({
        url: `/applications/${applicationId}/document/${documentId}`,
        method: "post",
        values: { uploaded: true },
        successNotification: false,
        errorNotification: false,
      });
      return data;
    },
    [mutateAsync],
  );
}
