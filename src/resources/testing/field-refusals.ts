import type { HttpError } from "@refinedev/core";
import { TESTING_ERRORS } from "../../../domain/entities/testing-task";

/**
 * Task errors the server also gives as field errors. A task's text is filled with the task's parameters (the
 * column it lacked), which a field error does not carry, so on a field the refusal reads in a field's words.
 */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  [TESTING_ERRORS.columnMissing]: "testing.validation.columnMissing",
  [TESTING_ERRORS.documentMissing]: "testing.validation.documentUnavailable",
};

const inFieldWords = (message: unknown) => (typeof message === "string" ? (FIELD_WORDS[message] ?? message) : message);

/** A refused request's field errors, each moved to the input that holds it (`fieldOf`) and worded for a field. */
export function onInputs(error: HttpError, fieldOf: (path: string) => string = (path) => path): HttpError {
  if (!error.errors) return error;
  const errors = Object.fromEntries(
    Object.entries(error.errors).map(([path, messages]) => [fieldOf(path), Array.isArray(messages) ? messages.map(inFieldWords) : inFieldWords(messages)]),
  );
  return { ...error, errors: errors as HttpError["errors"] };
}
