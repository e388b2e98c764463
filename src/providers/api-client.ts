import { fetchAuthSession } from "aws-amplify/auth";
import type { HttpError } from "@refinedev/core";
import type { Problem } from "../../domain/api/problem";
import { reportFailedRequest } from "../telemetry/failed-requests";

export const API_BASE = "/v2";

/** Headers every API call carries, set by parts loaded after sign-in (the feature flags' client id). */
export const commonHeaders: Record<string, string> = {};

/** A token that cannot be had cancels the request; the auth provider then clears the user. */
class RequestCancelledError extends Error {
  constructor(cause: unknown) {
    super(`HTTPS request cancelled due to error: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "RequestCancelledError";
  }
}

async function bearer(): Promise<string> {
  let token: string | undefined;
  try {
    token = (await fetchAuthSession()).tokens?.accessToken?.toString();
  } catch (error) {
    throw new RequestCancelledError(error);
  }
  if (!token) throw new RequestCancelledError(new Error("no session"));
  return token;
}

function toHttpError(status: number, problem: Partial<Problem> | undefined, fallback: string): HttpError {
  const errors: Record<string, string[]> = {};
  for (const e of problem?.errors ?? []) (errors[e.path] ??= []).push(e.message);
  return {
    message: problem?.detail ?? problem?.title ?? fallback,
    statusCode: status,
    ...(Object.keys(errors).length ? { errors } : {}),
    // The problem as sent, extension members included, for callers that word it themselves.
    ...(problem ? { problem } : {}),
  };
}

/** Every failed call goes to error tracking once, then is rejected as it always was. */
function reported(method: string, url: string, failure: HttpError, cause?: unknown): HttpError {
  reportFailedRequest(method, url, failure, cause);
  return failure;
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  body?: unknown;
  /** Extra request headers, such as `If-Match` on a write. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function buildQuery(query: ApiRequest["query"] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === "") continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** One authenticated call to the /v2 API; failures become Refine HttpErrors carrying the problem's fields. */
export async function api<T>({ method = "GET", path, query, body, headers, signal }: ApiRequest): Promise<T> {
  const token = await bearer();
  const url = `${API_BASE}${path}`;
  let response: Response;
  try {
    response = await fetch(`${url}${buildQuery(query)}`, {
      method,
      signal,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: "application/json",
        ...commonHeaders,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw reported(method, url, toHttpError(0, undefined, (error as Error).message || "The server cannot be reached."), error);
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get("content-type") ?? "";
  const payload: unknown = type.includes("json") ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    throw reported(method, url, toHttpError(response.status, type.includes("json") ? (payload as Problem) : undefined, response.statusText));
  }
  return payload as T;
}

/** An API path from a path or a URL the API itself handed out (`/v2/company/logo?v=…`). */
const apiUrl = (path: string) => (path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path}`);

/** An authenticated GET of binary content (an image the API serves), e.g. to show it through an object URL. */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiFile(path, undefined, signal)).blob;
}

/** A file the API generates (an export, a report): its bytes, and the name the server gives it when it names one. */
export async function apiFile(path: string, query?: ApiRequest["query"], signal?: AbortSignal): Promise<{ blob: Blob; name: string | null }> {
  const token = await bearer();
  let response: Response;
  try {
    response = await fetch(`${apiUrl(path)}${buildQuery(query)}`, { signal, headers: { Authorization: `Bearer ${token}` } });
  } catch (error) {
    throw reported("GET", apiUrl(path), toHttpError(0, undefined, (error as Error).message || "The server cannot be reached."), error);
  }
  if (!response.ok) {
    const type = response.headers.get("content-type") ?? "";
    const problem = type.includes("json") ? ((await response.json().catch(() => undefined)) as Problem | undefined) : undefined;
    throw reported("GET", apiUrl(path), toHttpError(response.status, problem, response.statusText));
  }
  return { blob: await response.blob(), name: attachmentName(response.headers.get("content-disposition")) };
}

/** The file name of a Content-Disposition header: its UTF-8 form (`filename*`) when given, else the plain one. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

export interface UploadRequest {
  path: string;
  file: Blob;
  /** The multipart field the file goes in. */
  field?: string;
  method?: "POST" | "PUT";
  /** Percent sent, 0–100, as the browser reports upload progress. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

/**
 * A multipart file upload to the API. XMLHttpRequest rather than fetch, because only it reports upload
 * progress; failures become the same Refine HttpErrors as `api`'s.
 */
export async function apiUpload<T>({ path, file, field = "file", method = "POST", onProgress, signal }: UploadRequest): Promise<T> {
  const token = await bearer();
  const form = new FormData();
  form.append(field, file, file instanceof File ? file.name : field);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const type = xhr.getResponseHeader("content-type") ?? "";
      let payload: unknown;
      try {
        payload = type.includes("json") && xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload as T);
      else reject(reported(method, apiUrl(path), toHttpError(xhr.status, payload as Problem | undefined, xhr.statusText || "The upload failed.")));
    };
    xhr.onerror = () => reject(reported(method, apiUrl(path), toHttpError(0, undefined, "The server cannot be reached.")));
    xhr.onabort = () => reject(toHttpError(0, undefined, "The upload was cancelled."));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export interface PresignedUpload {
  /** Where the form goes: the API's own upload endpoint, or an S3 bucket. */
  url: string;
  /** The presigned fields (key, policy, credential, signature, …), posted before the file, in order. */
  fields: Record<string, string>;
  file: Blob;
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

/**
 * Posts a file with a presigned-POST form (its fields, then the file). No bearer token: the signed policy is the
 * authority, and S3 would refuse an Authorization header. S3 answers errors in XML, the API in
 * problem+json; either way a failure becomes an HttpError with the status, marked `storageUnavailable` when the
 * storage could not be reached or failed on its side.
 */
export function uploadPresigned({ url, fields, file, onProgress, signal }: PresignedUpload): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // S3 ignores every field after the file: it goes last.
  form.append("file", file, file instanceof File ? file.name : "file");
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      const type = xhr.getResponseHeader("content-type") ?? "";
      let problem: Problem | undefined;
      try {
        problem = type.includes("json") && xhr.responseText ? (JSON.parse(xhr.responseText) as Problem) : undefined;
      } catch {
        problem = undefined;
      }
      const failure = toHttpError(xhr.status, problem, xhr.statusText || "The upload failed.");
      reject(xhr.status >= 500 && !problem ? { ...failure, storageUnavailable: true } : failure);
    };
    // The file goes to storage (a bucket, elsewhere than the API): its failing to answer is said as such.
    xhr.onerror = () => reject({ ...toHttpError(0, undefined, "The file storage cannot be reached."), storageUnavailable: true });
    xhr.onabort = () => reject(toHttpError(0, undefined, "The upload was cancelled."));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
