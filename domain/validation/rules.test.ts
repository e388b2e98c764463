import { describe, expect, it } from "vitest";
import { isValidNewPassword, nameSchema, newPasswordSchema, usernameSchema } from "./rules";

describe("username", () => {
  it("is trimmed and needs at least 3 characters", () => {
    expect(usernameSchema.parse("  ada  ")).toBe("ada");
    const result = usernameSchema.safeParse("  ab ");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("validation.usernameMin");
  });
});

describe("new password", () => {
  it("needs 15 characters with upper, lower and a digit", () => {
    expect(isValidNewPassword("Steward-Demo-2026")).toBe(true);
    expect(isValidNewPassword("Short-Pass-1")).toBe(false);
    expect(isValidNewPassword("no-uppercase-here-2026")).toBe(false);
    expect(isValidNewPassword("NO-LOWERCASE-HERE-2026")).toBe(false);
    expect(isValidNewPassword("No-Digits-Here-At-All")).toBe(false);
    expect(newPasswordSchema.safeParse("x").error?.issues[0].message).toBe("validation.passwordRule");
  });
});

describe("name pattern", () => {
  it("allows letters, digits, underscore, tilde, hyphen, period and space", () => {
    expect(nameSchema.safeParse("José María-O.Neil_2 ~x").success).toBe(true);
  });
  it("refuses anything else", () => {
    for (const bad of ["<script>", "a/b", "Robert'); DROP", "semi;colon", "a@b"]) {
      expect(nameSchema.safeParse(bad).error?.issues[0].message).toBe("validation.namePattern");
    }
  });
});
