import { vi } from "vitest";
import type { ApiRequest, UploadRequest } from "../../../providers/api-client";

/**
 * The API client as the results page's tests replace it, so the page runs over the real data provider:
 * `vi.mock("../../../providers/api-client", () => import("./api-client-mock"))`, then answer `api` (see fakeResultsApi).
 */
export const api = vi.fn<(request: ApiRequest) => Promise<unknown>>();
export const apiUpload = vi.fn<(request: UploadRequest) => Promise<unknown>>();
export const apiBlob = vi.fn<(path: string) => Promise<Blob>>();
export const API_BASE = "/v2";
