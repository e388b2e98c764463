import { fetchAuthSession } from "aws-amplify/auth";
import type { HttpError } from "@refinedev/core";
import type { Problem } from "../../domain/api/problem";

export const API_BASE = "/v2";

/** A token that cannot be had cancels the request (spec §4); the auth provider then clears the user. */
export class RequestCancelledError extends Error {
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
  };
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

export function buildQuery(query: ApiRequest["query"] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === "") continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** One authenticated call to the /v2 API; failures become Refine HttpErrors carrying the problem's fields. */
export async function api<T>({ method = "GET", path, query, body, signal }: ApiRequest): Promise<T> {
  const token = await bearer();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${buildQuery(query)}`, {
      method,
      signal,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw toHttpError(0, undefined, (error as Error).message || "The server cannot be reached.");
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get("content-type") ?? "";
  const payload: unknown = type.includes("json") ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    throw toHttpError(response.status, type.includes("json") ? (payload as Problem) : undefined, response.statusText);
  }
  return payload as T;
}
