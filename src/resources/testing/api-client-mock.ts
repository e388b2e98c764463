import { vi } from "vitest";
import type { ApiRequest, UploadRequest } from "../../providers/api-client";

/**
 * The API client as the testing screens' tests replace it, so the pages run over the real data provider:
 * `vi.mock("../../providers/api-client", () => import("./api-client-mock"))`, then answer `api` (see fakeApi).
 */
export const api = vi.fn<(request: ApiRequest) => Promise<unknown>>();
export const apiUpload = vi.fn<(request: UploadRequest) => Promise<unknown>>();
export const apiBlob = vi.fn<(path: string) => Promise<Blob>>();
export const API_BASE = "/v2";
export type ApiMock = typeof api;
export const uploadPresigned = vi.fn<(request: { url: string; fields: Record<string, string>; file: Blob; onProgress?(percent: number): void }) => Promise<void>>();
