/**
 * The OpenFeature Remote Evaluation Protocol's request body, `{ context: { targetingKey, … } }`, checked the
 * way the protocol words its failures. Only the shape is checked here: whose flags and which roles come from
 * the access token, never from the context (a context naming another company changes nothing).
 */
export type OfrepErrorCode = "PARSE_ERROR" | "INVALID_CONTEXT" | "TARGETING_KEY_MISSING" | "FLAG_NOT_FOUND" | "GENERAL";

export interface OfrepFailure {
  errorCode: OfrepErrorCode;
  errorDetails: string;
}

export interface OfrepContext {
  targetingKey: string;
  /** The browser's own identifier (kept in its storage), when it sent one. */
  clientId?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The context the body carries, or the protocol's failure for it. */
export function parseOfrepBody(body: unknown): OfrepContext | OfrepFailure {
  if (!isObject(body)) return { errorCode: "PARSE_ERROR", errorDetails: "The request body must be a JSON object with a `context`." };
  const { context } = body;
  if (!isObject(context)) return { errorCode: "INVALID_CONTEXT", errorDetails: "`context` must be an object." };
  const { targetingKey, clientId } = context;
  if (targetingKey === undefined || targetingKey === null) return { errorCode: "TARGETING_KEY_MISSING", errorDetails: "The context has no `targetingKey`." };
  if (typeof targetingKey !== "string" || targetingKey.trim() === "" || targetingKey.length > 200) {
    return { errorCode: "INVALID_CONTEXT", errorDetails: "`targetingKey` must be a non-empty string of at most 200 characters." };
  }
  if (clientId !== undefined && (typeof clientId !== "string" || clientId.length > 200)) {
    return { errorCode: "INVALID_CONTEXT", errorDetails: "`clientId` must be a string of at most 200 characters." };
  }
  return { targetingKey, ...(typeof clientId === "string" ? { clientId } : {}) };
}

export const isOfrepFailure = (value: OfrepContext | OfrepFailure): value is OfrepFailure => "errorCode" in value;
