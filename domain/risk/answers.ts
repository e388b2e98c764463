/**
 * How the tier and descriptor rules read an answer that may be missing.
 *
 * - A yes/no question counts as "no" when unanswered. For the assurances
 *   (`users_informed_of_ai`, `user_consent_obtained`, `explanations_available`)
 *   that is the same as "not given": an assurance counts only when answered yes.
 * - "x ≠ none" claims that something is there (personal data, decisions about
 *   people, customisation), so an unanswered choice does not satisfy it: a
 *   half-filled form is not flagged for what it has not said.
 * - "x ≠ yes" on `training_data_representative` asks for an assurance, so an
 *   unanswered choice counts as not given, like the yes/no assurances.
 */

export function isYes(answer: boolean | null): boolean {
  return answer === true;
}

export function isNonEmpty(answer: readonly unknown[] | null): boolean {
  return answer !== null && answer.length > 0;
}

export function includes<T>(answer: readonly T[] | null, value: T): boolean {
  return answer !== null && answer.includes(value);
}

/** Answered, with a value other than `excluded`. */
export function isAnsweredOtherThan<T>(answer: T | null, excluded: T): boolean {
  return answer !== null && answer !== excluded;
}

/** Not answered with `assurance`: an unanswered assurance counts as not given. */
export function lacksAssurance<T>(answer: T | null, assurance: T): boolean {
  return answer !== assurance;
}

/** Whether a required answer counts as given: blank text and empty choices do not. */
export function isGiven(answer: unknown): boolean {
  if (answer === null || answer === undefined) return false;
  if (typeof answer === "string") return answer.trim().length > 0;
  if (Array.isArray(answer)) return answer.length > 0;
  return true;
}
