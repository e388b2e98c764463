import { useCallback, useMemo, useRef, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { flattenObjectKeys, useInvalidate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useForm, type UseFormReturnType } from "@refinedev/react-hook-form";
import type { FieldValues, Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { notify } from "../../providers/notifications";
import type { ConflictRow } from "./conflict/ConflictDialog";
import { fieldConflictRows, useEditConflict, type ConflictField } from "./conflict/use-edit-conflict";
import { placeFieldErrors, useFieldMessage, useFieldProps } from "./field-errors";

/** A schema whose input is the form's field values; its output is what the request sends. */
type FormSchema = z.ZodType<unknown, FieldValues>;

/**
 * S: the schema; R: the record the API answers; V: the values the fields hold (the schema's input, or a
 * narrower shape such as plain strings where the schema also accepts null).
 */
export interface ResourceFormOptions<S extends FormSchema, R extends BaseRecord, V extends z.input<S> = z.input<S>> {
  /** The Refine resource saved: created, or updated when `id` is given. Left out by a form whose `save` writes no resource (the signed-in user's own profile). */
  resource?: string;
  /** The record edited (the form then keeps what was saved); a form without one creates, and starts over after a save. */
  id?: string;
  /** The domain's schema: the browser checks exactly what the server will, and sends the schema's output. */
  schema: S;
  /** What the fields show: the defaults of a new record, or the stored record's values, which the form follows while the user is not editing. */
  values: V;
  /** The stored record's version, sent as If-Match: a record someone else saved since is refused, and the user compares. */
  version?: number;
  /** The fields the conflict dialog compares, in words. */
  conflictFields?: ConflictField<V>[];
  /** Instead of `conflictFields`, for a form of more than plain fields: the rows where the user's input differs from what is stored. */
  conflictRows?(yours: V, current: V): ConflictRow[];
  /** An update's HTTP method (PATCH by default). */
  method?: "PUT" | "PATCH";
  /** The snackbar after a save (an i18n key, or the text from the saved record); none when left out (the form itself shows what was saved). */
  success?: string | ((record: R) => string);
  /** The alert for a failure no field takes: an i18n key given `{{message}}`; the problem's own message when left out. */
  failure?: string;
  /** A save that is more than one create or update (a group and its applications); the resource's create/update otherwise. */
  save?(values: z.output<S>, editedVersion: number | undefined): Promise<R>;
  /** After a save: the record as the server answered it. */
  onSaved?(record: R): void | Promise<void>;
  /** After a refused stale save: reloads the stored record, so `values` become what is stored now. The resource's detail query is invalidated when left out. */
  refetch?(): unknown;
}

/**
 * The one create/edit form: react-hook-form through Refine's useForm (its mutation, invalidation and
 * notifications), validated by the domain's schema, with the problem's field errors put on their fields,
 * the rest in the form's alert, and a refused stale save answered by the conflict dialog.
 */
export function useResourceForm<S extends FormSchema, R extends BaseRecord = BaseRecord, V extends z.input<S> = z.input<S>>(options: ResourceFormOptions<S, R, V>) {
  const { resource, id, schema, version, method, success, failure: failureKey, save, onSaved, refetch } = options;
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const values = useStable(options.values);
  const invalidate = useInvalidate();
  const successText = (record: R) => (success === undefined ? undefined : typeof success === "function" ? success(record) : t(success));

  // Refine's form sends the edited version chosen at submit time (below) and never fetches: the page holds the record.
  const versionRef = useRef<number | undefined>(undefined);
  const form: UseFormReturnType<R, HttpError, V> = useForm<R, HttpError, V>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: values as never,
    disableServerSideValidation: true,
    warnWhenUnsavedChanges: false,
    refineCoreProps: {
      resource,
      id,
      action: id === undefined ? "create" : "edit",
      redirect: false,
      mutationMode: "pessimistic",
      queryOptions: { enabled: false },
      mutationMeta: {
        method,
        get version() {
          return versionRef.current;
        },
      },
      successNotification: success === undefined ? false : (data) => ({ message: successText(data?.data as R) ?? "", type: "success" }),
      errorNotification: false,
    },
  });
  const { formState, reset, setError, getValues } = form;

  const fieldRows = useMemo(() => fieldConflictRows<V>(options.conflictFields ?? [], t("common.conflict.empty")), [options.conflictFields, t]);
  const rowsOf = options.conflictRows ?? fieldRows;
  const conflict = useEditConflict<V>({
    version: version ?? 0,
    current: values,
    isDirty: formState.isDirty,
    reset,
    refetch: refetch ?? (() => invalidate({ resource, id, invalidates: ["detail"] })),
    rowsOf,
  });

  // Every path the form holds, nested ones too (`details.purpose`), so a server error on one lands on its field.
  const fields = useCallback(() => Object.keys(flattenObjectKeys(getValues() ?? {})) as Path<V>[], [getValues]);
  const failed = (error: unknown) => {
    // The input as typed, before the schema trimmed it.
    if (conflict.handled(error, getValues())) return;
    const problem = error as HttpError;
    const unplaced = placeFieldErrors(problem, fields(), setError);
    if (unplaced === null) return;
    const message = i18n.exists(unplaced) ? t(unplaced) : unplaced;
    setFailure(failureKey ? t(failureKey, { message }) : message);
  };

  const submit = form.handleSubmit(async (output) => {
    setFailure(null);
    versionRef.current = version === undefined ? undefined : conflict.editedVersion();
    try {
      let record: R;
      if (save) {
        record = await save(output as z.output<S>, versionRef.current);
        const message = successText(record);
        if (message !== undefined) notify({ message, severity: "success" });
      } else {
        const response = await form.refineCore.onFinish(output);
        record = (response as { data: R }).data;
      }
      // A new record's form starts over; an edited one keeps what was saved until the stored record arrives.
      reset(id === undefined ? values : getValues());
      await onSaved?.(record);
    } catch (error) {
      failed(error);
    }
  });

  return {
    ...form,
    /** The form element's onSubmit. */
    submit,
    /** The failure no field took, for the form's alert. */
    failure,
    /** Drops the input and the failure (a dialog's Cancel). */
    discard: () => {
      reset(values);
      setFailure(null);
    },
    busy: formState.isSubmitting,
    /** A text field's registration with its message: `<TextField {...field("name")} />`. */
    field: useFieldProps(form),
    fieldMessage: useFieldMessage(),
    /** The conflict dialog, rendered by the form. */
    conflictDialog: conflict.dialog,
  };
}

/** The same object while its content is the same, so a caller may pass a fresh literal each render. */
function useStable<T>(value: T): T {
  const key = JSON.stringify(value);
  return useMemo(() => JSON.parse(key) as T, [key]);
}
