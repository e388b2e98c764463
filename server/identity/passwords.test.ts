import { describe, expect, it } from "vitest";
import { generateTemporaryPassword, hashPassword, meetsPasswordPolicy, verifyPassword } from "./passwords";
import { maskAddress } from "./mailer";

describe("password policy", () => {
  it("needs 15 characters with an uppercase letter, a lowercase letter and a number", () => {
    expect(meetsPasswordPolicy("Abcdefghijklmn1")).toBe(true);
    expect(meetsPasswordPolicy("Abcdefghijklm1")).toBe(false); // 14
    expect(meetsPasswordPolicy("abcdefghijklmn1")).toBe(false);
    expect(meetsPasswordPolicy("ABCDEFGHIJKLMN1")).toBe(false);
    expect(meetsPasswordPolicy("Abcdefghijklmno")).toBe(false);
    expect(meetsPasswordPolicy(`A1${"a".repeat(300)}`)).toBe(false);
  });

  it("generates temporary passwords that meet it", () => {
    for (let i = 0; i < 50; i++) expect(meetsPasswordPolicy(generateTemporaryPassword())).toBe(true);
  });
});

describe("password hashing", () => {
  it("stores scrypt with its parameters and a per-hash salt, and verifies", async () => {
    const [a, b] = await Promise.all([hashPassword("Correct-Horse-2026"), hashPassword("Correct-Horse-2026")]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("Correct-Horse");
    expect(await verifyPassword("Correct-Horse-2026", a)).toBe(true);
    expect(await verifyPassword("Correct-Horse-2027", a)).toBe(false);
    expect(await verifyPassword("Correct-Horse-2026", "plain")).toBe(false);
  });
});

describe("masked addresses", () => {
  it("keeps the first letter and the domain", () => {
    expect(maskAddress("admin@steward.test")).toBe("a***@steward.test");
    expect(maskAddress("x")).toBe("x***");
    expect(maskAddress("@d.test")).toBe("****@d.test");
  });
});
