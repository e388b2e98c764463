import { useCustom, type HttpError } from "@refinedev/core";

/** A table document's header and first rows, as GET …/testing/columns answers them. */
export interface DocumentColumns {
  columns: string[];
  sample: string[][];
}

const NO_COLUMNS: DocumentColumns = { columns: [], sample: [] };

/** The columns of an uploaded CSV or .xlsx document of the application, to map them; nothing until one is chosen. */
export function useDocumentColumns(applicationId: string, documentId: string) {
  const { query } = useCustom<DocumentColumns, HttpError>({
    url: `/applications/${applicationId}/testing/columns`,
    method: "get",
    config: { query: { document_id: documentId } },
    queryOptions: { enabled: Boolean(applicationId && documentId), retry: false },
    errorNotification: false,
  });
  // The query's own data: Refine's `result` stands in an empty object until the answer arrives.
  const answer = documentId ? query.data?.data : undefined;
  return { ...(answer ?? NO_COLUMNS), loading: Boolean(documentId) && query.isLoading, error: documentId ? query.error : null };
}
