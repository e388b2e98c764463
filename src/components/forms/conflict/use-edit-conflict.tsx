import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { FieldValues, UseFormReset } from "react-hook-form";
import { ConflictDialog, type ConflictRow } from "./ConflictDialog";
import { isStaleVersion } from "./stale-version";

export interface EditConflictOptions<V extends FieldValues> {
  /** The record's version as last loaded, and its values as the form holds them. */
  version: number;
  current: V;
  isDirty: boolean;
  reset: UseFormReset<V>;
  /** Reloads the record, so `current` becomes what is stored now. */
  refetch(): unknown;
  /** The fields where the user's input differs from what is stored, in words. */
  rowsOf(yours: V, current: V): ConflictRow[];
}

/**
 * Optimistic concurrency for an edit form. The form follows the stored record while the user is not
 * editing; a save sends the version the user's edit started from (`editedVersion()`), and when it is
 * refused because someone else saved first, the user sees their input beside the stored values and
 * may reload. Their input is never written over a newer record, and never silently dropped.
 */
export function useEditConflict<V extends FieldValues>({ version, current, isDirty, reset, refetch, rowsOf }: EditConflictOptions<V>) {
  const edited = useRef(version);
  const [yours, setYours] = useState<V | null>(null);

  useEffect(() => {
    if (isDirty) return;
    reset(current);
    edited.current = version;
  }, [current, version, isDirty, reset]);

  /** True when `error` was a refused stale save (then handled here); the form shows other errors itself. */
  const handled = useCallback(
    (error: unknown, values: V) => {
      if (!isStaleVersion(error)) return false;
      setYours(values);
      void refetch();
      return true;
    },
    [refetch],
  );

  const reload = () => {
    reset(current);
    edited.current = version;
    setYours(null);
  };
  const dialog: ReactNode = <ConflictDialog rows={yours && rowsOf(yours, current)} onReload={reload} onClose={() => setYours(null)} />;

  return { editedVersion: () => edited.current, handled, dialog };
}

export interface ConflictField<V extends FieldValues> {
  name: keyof V & string;
  label: string;
  /** The value in words (an option's label); the value itself by default. */
  format?(value: unknown): string;
}

/** Rows for a form of plain fields: each field whose two values read differently. */
export function fieldConflictRows<V extends FieldValues>(fields: ConflictField<V>[], empty: string) {
  return (yours: V, current: V): ConflictRow[] =>
    fields.flatMap((f) => {
      const text = (value: unknown) => (value === null || value === undefined || String(value).trim() === "" ? empty : (f.format?.(value) ?? String(value)));
      const [mine, stored] = [text(yours[f.name]), text(current[f.name])];
      return mine === stored ? [] : [{ field: f.name, label: f.label, yours: mine, current: stored }];
    });
}
