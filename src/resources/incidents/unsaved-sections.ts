import { useCallback, useEffect, useState } from "react";

/**
 * The parts of the incident's page that hold unsaved input. Every write raises the incident's version, so a
 * write made elsewhere on the page would make their save look like someone else's change (and be refused):
 * while one part holds unsaved input, the others' writes wait until it is saved or cancelled.
 */
export function useUnsavedSections() {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback(
    (section: string, isDirty: boolean) =>
      setDirty((prev) => {
        if (prev.has(section) === isDirty) return prev;
        const next = new Set(prev);
        if (isDirty) next.add(section);
        else next.delete(section);
        return next;
      }),
    [],
  );
  /** Whether a part other than `section` holds unsaved input. */
  const elsewhere = useCallback((section?: string) => [...dirty].some((s) => s !== section), [dirty]);
  return { report, elsewhere };
}
export type UnsavedSections = ReturnType<typeof useUnsavedSections>;

/** Tells the page whether `section` holds unsaved input, and that it holds none once gone. */
export function useReportUnsaved(sections: UnsavedSections, section: string, isDirty: boolean) {
  const { report } = sections;
  useEffect(() => report(section, isDirty), [report, section, isDirty]);
  useEffect(() => () => report(section, false), [report, section]);
}
