import type { Control, FieldError, FieldErrors, Path, UseFormRegisterReturn, UseFormSetValue } from "react-hook-form";
import { useFormState } from "react-hook-form";
import { useFieldMessage } from "../../../components/forms/field-errors";
import type { NewTestValues } from "./new-test-form";

/** What the dialog's sections are given of the form: its fields, its control and its setter. */
export interface NewTestForm {
  control: Control<NewTestValues>;
  field(name: Path<NewTestValues>): UseFormRegisterReturn & { error: boolean; helperText?: string };
  setValue: UseFormSetValue<NewTestValues>;
}

/**
 * The message, in words, of an error on a group of fields rather than one input (the protected attributes,
 * an attribute's values): react-hook-form keeps those on the group, or on its `root` for a list.
 */
export function useGroupError(control: Control<NewTestValues>) {
  const { errors } = useFormState({ control });
  const fieldMessage = useFieldMessage();
  return (path: string): string | undefined => {
    const node = path.split(".").reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors as FieldErrors) as
      | (FieldError & { root?: FieldError })
      | undefined;
    return fieldMessage(node?.message ?? node?.root?.message);
  };
}
