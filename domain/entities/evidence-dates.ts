import { z } from "zod";
import { CONTROL_ERRORS, effectiveOn, evidenceName, todayIso } from "./framework";

/**
 * Changing a piece of evidence afterwards (PATCH /applications/{id}/controls/{controlId}/evidence/{evidenceId}):
 * its name, the day it speaks for, the end of its validity (what the body leaves out stays). A new validity end
 * cannot be in the past; one already stored may stay as it is while the effective date is corrected. Kept apart
 * from framework.ts, which every application page loads: only the controls' evidence needs it.
 */
export const evidenceUpdateSchema = z.strictObject({
  name: evidenceName.optional(),
  effective_on: effectiveOn.optional(),
  expires_on: z.iso.date().nullable().optional(),
});
export type EvidenceUpdate = z.infer<typeof evidenceUpdateSchema>;

/** What is wrong with the dates evidence stored with `stored` would have after `update`, as field errors. */
export function evidenceDateErrors(
  stored: { effective_on: string; expires_on: string | null },
  update: Pick<EvidenceUpdate, "effective_on" | "expires_on">,
  today = todayIso(),
): Array<{ path: string; message: string }> {
  const effective = update.effective_on ?? stored.effective_on;
  const expires = update.expires_on === undefined ? stored.expires_on : update.expires_on;
  if (update.expires_on && update.expires_on !== stored.expires_on && update.expires_on < today) return [{ path: "expires_on", message: CONTROL_ERRORS.expiry }];
  if (expires && expires < effective) return [{ path: "expires_on", message: CONTROL_ERRORS.validity }];
  return [];
}

