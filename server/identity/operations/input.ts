import { z } from "zod";
import { CognitoError, invalidParameter } from "../errors";
import { PASSWORD_MAX_LENGTH } from "../passwords";
import type { LocalPool } from "../pool";

/** Field shapes shared by the operations; limits follow Cognito's (usernames 128, passwords 256). */
export const clientIdField = z.string().min(1).max(128);
export const usernameField = z.string().trim().min(1).max(128);
export const passwordField = z.string().min(1).max(PASSWORD_MAX_LENGTH);
export const tokenField = z.string().min(1).max(8192);
/** Amplify passes `options.clientMetadata` through as ClientMetadata; the captcha solution travels in it. */
export const clientMetadataField = z.record(z.string().max(128), z.string().max(16_384)).optional();

/** Parses an operation's input; the first bad field names the InvalidParameterException (values are never echoed). */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join(".") || "request";
  const missing = issue.code === "invalid_type" && valueAt(input, issue.path) == null;
  throw invalidParameter(missing ? `Missing required parameter ${field}` : `Invalid value for parameter ${field}`);
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Every call names our app client; another id is an unknown client, as Cognito says. */
export function assertClient(pool: LocalPool, clientId: string): void {
  if (clientId !== pool.clientId) throw new CognitoError("ResourceNotFoundException", "User pool client does not exist.");
}
