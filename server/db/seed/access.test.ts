import { describe, expect, it } from "vitest";
import { ServiceUnavailable } from "../../aws/unavailable";
import type { Db } from "../client";
import { StartError } from "../../start-error";
import { seedAccess } from "./access";

/** Seeding in Cognito mode says what it needs when the pool will not make the demo users, before it writes anything. */
describe("seeding the demo users into a Cognito pool", () => {
  const refuse = () => {
    throw new Error("the database was used");
  };
  const untouched = new Proxy({}, { get: refuse }) as Db;

  it("says the pool cannot be reached, and what seeding needs", async () => {
    const pool = { seedUser: () => Promise.reject(new ServiceUnavailable("identity", new Error("connect ECONNREFUSED 127.0.0.1:9"))) };
    const seeding = seedAccess(untouched, "company", { password: "Steward-Demo-2026", cognitoPool: pool });
    await expect(seeding).rejects.toBeInstanceOf(StartError);
    await expect(seeding).rejects.toThrow(/the demo users could not be made in the Cognito user pool \(the pool cannot be reached\)/);
  });

  it("names the refusal and the permissions it needs", async () => {
    const refusal = Object.assign(new Error("User is not authorized to perform: cognito-idp:AdminCreateUser"), { name: "AccessDeniedException" });
    const seeding = seedAccess(untouched, "company", { password: "Steward-Demo-2026", cognitoPool: { seedUser: () => Promise.reject(refusal) } });
    await expect(seeding).rejects.toThrow(/AccessDeniedException: User is not authorized.*cognito-idp:AdminCreateUser, AdminGetUser and AdminSetUserPassword on COGNITO_USER_POOL_ID/);
  });
});
