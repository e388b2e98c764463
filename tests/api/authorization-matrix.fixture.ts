import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../server/db/client";
import { apiClients, companies, resourceGroups, roles, users } from "../../server/db/schema";
import { createOtherCompany, signInCallers, CALLERS } from "../support/tenants";
import { insertApplication } from "../support/applications";

/** A 1×1 PNG: what the logo routes accept. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

export function multipartFile(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = `----matrix${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Demo Co's rows the matrix names, the second company, every caller's token, and makers of rows to delete. */
export interface Fixture {
  tokens: Record<string, string>;
  ids: { company: string; target: string; allGroup: string; selectedGroup: string; resource: string; apiClient: string; application: string };
  roles: Record<string, string>;
  /** Strings that may never appear in an answer to the other company (ours), and in one to us (theirs). */
  secrets: { ours: string[]; theirs: string[] };
  unique(): string;
  make: { user(): Promise<string>; group(): Promise<string>; apiClient(): Promise<string> };
  ensureLogo(): Promise<void>;
  logoUpload(): { payload: Buffer; contentType: string };
}

export async function createFixture(app: FastifyInstance, db: Db): Promise<Fixture> {
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const roleIds = Object.fromEntries((await db.select().from(roles)).map((r) => [r.name, r.id]));
  const groups = await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, company.id));
  const allGroup = groups.find((g) => g.groupType === "ALL")!.id;
  const selectedGroup = groups.find((g) => g.groupType === "SELECTED")!.id;
  const other = await createOtherCompany(db);
  const tokens: Record<string, string> = await signInCallers(app);
  let counter = 0;
  const unique = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`;
  const as = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });

  // A user the Administrator routes act on (with a sign-in, so a temporary password can be reset).
  const created = await app.inject({
    method: "POST",
    url: "/v2/access/users",
    headers: as("admin"),
    payload: { email: "matrix.target@steward.test", first_name: "Target", last_name: "Person" },
  });
  if (created.statusCode !== 201) throw new Error(`fixture: creating the target user failed: ${created.body}`);
  const target = created.json().id as string;

  // The API client caller: ApplicationReviewer on the ALL group, signed in with client credentials.
  const client = await app.inject({
    method: "POST",
    url: "/v2/access/api-clients",
    headers: as("admin"),
    payload: { name: "Matrix reader", role_id: roleIds.ApplicationReviewer, resource_group_id: allGroup },
  });
  if (client.statusCode !== 201) throw new Error(`fixture: creating the API client failed: ${client.body}`);
  const { id: apiClientId, client_id, client_secret } = client.json();
  const token = await app.inject({
    method: "POST",
    url: "/oauth2/token",
    headers: {
      authorization: `Basic ${Buffer.from(`${client_id}:${client_secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: "grant_type=client_credentials",
  });
  if (token.statusCode !== 200) throw new Error(`fixture: the client credentials grant failed: ${token.body}`);
  tokens.client = token.json().access_token;

  // An application in the contributor's group, so every role reaches it.
  const application = await app.inject({
    method: "POST",
    url: "/v2/applications",
    headers: as("admin"),
    payload: { name: "Matrix application", resource_group_id: selectedGroup },
  });
  if (application.statusCode !== 201) throw new Error(`fixture: creating the application failed: ${application.body}`);
  const applicationId = application.json().id as string;
  const resource = await insertApplication(db, company.id, "Matrix group member");

  const ourUsers = await db.select().from(users).where(eq(users.companyId, company.id));
  const fixture: Fixture = {
    tokens,
    ids: { company: company.id, target, allGroup, selectedGroup, resource, apiClient: apiClientId, application: applicationId },
    roles: roleIds,
    secrets: {
      ours: [company.id, allGroup, selectedGroup, apiClientId, applicationId, ...ourUsers.map((u) => u.id), "@steward.test", "Demo Co", "Matrix application"],
      theirs: [other.companyId, other.groupId, other.adminId, CALLERS.other, "Other Co"],
    },
    unique,
    make: {
      async user() {
        const [row] = await db
          .insert(users)
          .values({ companyId: company.id, sub: randomUUID(), email: `${unique()}@steward.test`, firstName: "Gone", lastName: "Soon" })
          .returning();
        return row.id;
      },
      async group() {
        const [row] = await db.insert(resourceGroups).values({ companyId: company.id, name: `Doomed ${unique()}`, groupType: "SELECTED" }).returning();
        return row.id;
      },
      async apiClient() {
        const [row] = await db
          .insert(apiClients)
          .values({ companyId: company.id, name: `Doomed ${unique()}`, clientId: unique(), secretHash: "unused", roleId: roleIds.ApplicationReviewer, resourceGroupId: allGroup })
          .returning();
        return row.id;
      },
    },
    async ensureLogo() {
      const has = await app.inject({ method: "GET", url: "/v2/company/logo", headers: as("admin") });
      if (has.statusCode === 200) return;
      const upload = multipartFile("file", "logo.png", "image/png", PNG);
      const res = await app.inject({ method: "POST", url: "/v2/company/logo", headers: { ...as("admin"), "content-type": upload.contentType }, payload: upload.payload });
      if (res.statusCode !== 200) throw new Error(`fixture: uploading the logo failed: ${res.body}`);
    },
    logoUpload: () => multipartFile("file", "logo.png", "image/png", PNG),
  };
  return fixture;
}
