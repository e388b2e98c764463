import { useCustom, useList, type HttpError } from "@refinedev/core";
import { PAGE_SIZE_MAX } from "../../../domain/api/list";
import type { Vendor, VendorDetailsResponse } from "../../../domain/entities/vendor";

export const VENDORS_RESOURCE = "vendors";

/**
 * The company's vendors by name, for pickers and the application form's live preview (which needs each
 * one's risk level). One page of the largest size: a company's AI vendors are counted in dozens.
 */
export function useCompanyVendors(enabled = true) {
  const { result, query } = useList<Vendor, HttpError>({
    resource: VENDORS_RESOURCE,
    pagination: { currentPage: 1, pageSize: PAGE_SIZE_MAX },
    sorters: [{ field: "name", order: "asc" }],
    queryOptions: { enabled },
    errorNotification: false,
  });
  return { vendors: result.data, loading: query.isLoading, error: query.error };
}

/** GET /vendors/{id}/details: answers, risk with reasons. */
export function useVendorDetails(id: string) {
  return useCustom<VendorDetailsResponse, HttpError>({
    url: `/vendors/${id}/details`,
    method: "get",
    queryOptions: { enabled: Boolean(id), retry: false },
    errorNotification: false,
  });
}
