import type { HttpError } from "@refinedev/core";
import type { FieldError, FieldValues, Path, UseFormReturn, UseFormSetError } from "react-hook-form";
import { useTranslation } from "react-i18next";

/**
 * Puts the problem's field errors (`errors: [{path, message}]`, messages being `validation.*` keys)
 * on the form's fields; answers whether any field took one, so the caller shows the rest elsewhere.
 */
export function applyFieldErrors<T extends FieldValues>(error: HttpError, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  let applied = false;
  for (const [path, messages] of Object.entries(error.errors ?? {})) {
    const message = Array.isArray(messages) ? messages[0] : typeof messages === "string" ? messages : undefined;
    if (!message || !(fields as readonly string[]).includes(path)) continue;
    setError(path as Path<T>, { type: "server", message });
    applied = true;
  }
  return applied;
}

/** Field messages are i18n keys from the shared schemas or the server; anything else is shown as written. */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (message) => (message === undefined ? undefined : i18n.exists(message) ? t(message) : message);
}

/**
 * A registered text field's props with its error shown: `<TextField label=… {...field("name")} />`
 * instead of repeating register, error and helperText for every field.
 */
export function useFieldProps<T extends FieldValues>({ register, formState }: Pick<UseFormReturn<T, unknown, unknown>, "register" | "formState">) {
  const fieldMessage = useFieldMessage();
  return (name: Path<T>) => {
    const error = name.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], formState.errors) as FieldError | undefined;
    return { ...register(name), error: Boolean(error), helperText: fieldMessage(error?.message) };
  };
}

/**
 * Places the problem's field errors like applyFieldErrors and answers what the form's alert should
 * say: the first error that has no field, the problem's message when it has no field errors at all,
 * or null when every error found its field.
 */
export function placeFieldErrors<T extends FieldValues>(error: HttpError, fields: readonly Path<T>[], setError: UseFormSetError<T>): string | null {
  if (!error.errors) return error.message;
  applyFieldErrors(error, fields, setError);
  const unplaced = Object.entries(error.errors).filter(([path]) => !(fields as readonly string[]).includes(path));
  if (unplaced.length === 0) return null;
  const messages = unplaced[0][1];
  return Array.isArray(messages) ? String(messages[0]) : String(messages);
}
