// zod/mini keeps these rules light enough for the sign-in page's bundle; mini schemas
// compose with the classic ones the server builds its bodies from.
import * as z from "zod/mini";

const USERNAME_MIN = 3;
const PASSWORD_MIN = 15;

/** Messages are i18n keys (`validation.*`); each side translates them. */
export const usernameSchema = z.string().check(z.trim(), z.minLength(USERNAME_MIN, "validation.usernameMin"));

export const signInPasswordSchema = z.string().check(z.minLength(1, "validation.passwordRequired"));

/** A new password: at least 15 characters with an uppercase letter, a lowercase letter and a number. */
export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN, "validation.passwordRule"),
    z.regex(/[A-Z]/, "validation.passwordRule"),
    z.regex(/[a-z]/, "validation.passwordRule"),
    z.regex(/[0-9]/, "validation.passwordRule"),
  );

export function isValidNewPassword(password: string): boolean {
  return newPasswordSchema.safeParse(password).success;
}

export const resetCodeSchema = z.string().check(z.trim(), z.minLength(1, "validation.resetCodeRequired"));

export const termsSchema = z.literal(true, { error: "validation.termsRequired" });

/** A name: letters, digits, underscore, tilde, hyphen, period and space only. */
const NAME_PATTERN = /^[\p{L}\p{N}_~\-. ]+$/u;

export const nameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, "validation.required"), z.maxLength(250, "validation.tooLong"), z.regex(NAME_PATTERN, "validation.namePattern"));
