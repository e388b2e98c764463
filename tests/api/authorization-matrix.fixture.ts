import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../server/db/client";
import { apiClients, companies, identityLinks, identityUsers, identityWebauthnCredentials, resourceGroups, roles, users } from "../../server/db/schema";
import { createOtherCompany, signInCallers, CALLERS } from "../support/tenants";
import type { TestDns } from "../support/dns";
import { insertApplication } from "../support/applications";
import { SAMPLES } from "../../server/uploads/test-support";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { applicableControls, EU_AI_ACT } from "../../domain/frameworks";
import { applications, controlEvidence, featureFlags, imports, modelEndpoints, processingItems, testingTasks } from "../../server/db/schema";
import { takeApprovalSnapshot } from "../../server/approvals/store";
import type { Population } from "../../domain/entities/testing-task";

/** A control every high-tier application carries (the EU AI Act is on by default): the controls routes' target. */

/** The e-mail domain of the matrix provider that is verified. */
export const MATRIX_DOMAIN = "verify.matrix.test";
export const MATRIX_CONTROL = applicableControls([EU_AI_ACT], "high")[0].id;

/** The decisions the testing routes read, and how. */
export const MATRIX_DECISIONS = Buffer.from(["sex,selected", ...Array.from({ length: 40 }, (_, i) => `${i % 2 ? "F" : "M"},${i % 3 ? 0 : 1}`)].join("\n") + "\n");
export const MATRIX_COLUMNS = { outcome: "selected", outcome_type: "binary", protected: { sex: "sex" } };
/** LLM responses the LLM results routes read (a prompt asked for two groups), and how. */
const MATRIX_LLM_RESPONSES = Buffer.from("prompt_id,prompt,response,gender\np1,Help me,Happy to help you,F\np1,Help me,I'm sorry but I can't help with that,M\n");
const MATRIX_LLM_COLUMNS = { prompt_id: "prompt_id", prompt: "prompt", response: "response", protected: { gender: "gender" } };
/** A synthetic population scored offline, and a scored file of it (its own columns plus the model's score). */
const MATRIX_POPULATION = {
  size: 10,
  seed: 1,
  features: [{ name: "tenure", kind: "number", min: 0, max: 10 }],
  protected: [{ attribute: "sex", values: [{ value: "F", share: 0.5 }, { value: "M", share: 0.5 }] }],
  scoring: "offline",
  outcome_type: "score",
} satisfies Population;
const MATRIX_SCORED = Buffer.from("row_id,twin_set,varied_attribute,tenure,sex,score\n1,1-sex,sex,3,F,0.2\n2,1-sex,sex,3,M,0.7\n");
export const MATRIX_SCORED_COLUMNS = { outcome: "score", outcome_type: "score" };
/** Where the matrix application's model endpoint points: allowlisted, and refusing connections at once. */
export const MATRIX_ENDPOINT = "http://127.0.0.1:1/predict";

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

/** A presigned upload form's fields, then the file: how the browser posts a document. */
export function multipartForm(fields: Record<string, string>, filename: string, bytes: Buffer) {
  const boundary = `----matrix${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Demo Co's rows the matrix names, the second company, every caller's token, and makers of rows to delete. */
export interface Fixture {
  tokens: Record<string, string>;
  ids: {
    company: string;
    target: string;
    allGroup: string;
    selectedGroup: string;
    resource: string;
    apiClient: string;
    application: string;
    document: string;
    /** A high-tier application in the contributor's group, with controls, and its uploaded file evidence. */
    controlled: string;
    evidenceFile: string;
    /** A vendor that the matrix application lists. */
    vendor: string;
    /** An incident of the matrix application. */
    incident: string;
    /** A CSV of decisions of the matrix application, and a ready test over it. */
    decisions: string;
    testTask: string;
    /** A CSV of LLM responses of the matrix application with a ready LLM test over it (the LLM results are keyed by it). */
    llmDocument: string;
    /** A ready test of the controlled application, to become evidence of its controls. */
    evidenceTask: string;
    /** An offline synthetic test of the matrix application waiting for its scores, and a scored file for it. */
    offlineTask: string;
    scored: string;
    /** A corporate identity provider of Demo Co, and a finished connection test. */
    identityProvider: string;
    /** A provider of Demo Co serving MATRIX_DOMAIN only. */
    domainProvider: string;
    providerTest: string;
    /** An approval snapshot of the controlled application (its evidence file hashed). */
    snapshot: string;
  };
  roles: Record<string, string>;
  /** Strings that may never appear in an answer to the other company (ours), and in one to us (theirs). */
  secrets: { ours: string[]; theirs: string[] };
  unique(): string;
  make: {
    user(): Promise<string>;
    group(): Promise<string>;
    apiClient(): Promise<string>;
    evidence(): Promise<string>;
    /** A document of the matrix application whose upload never arrived (to take back). */
    waitingDocument(): Promise<string>;
    incident(): Promise<string>;
    /** A test of the matrix application that ended in error (to retry or delete). */
    failedTest(): Promise<string>;
    /** An offline synthetic test of the matrix application waiting for its scored file. */
    offlineTest(): Promise<string>;
    identityProvider(): Promise<string>;
    /** A user of Demo Co with a pending link to the matrix provider (to remove). */
    linkedUser(): Promise<string>;
    /** A preview of a vendors import of the Administrator's (only they see it). */
    import(): Promise<string>;
    /** A feature flag of Demo Co's own; answers its key. */
    featureFlag(): Promise<string>;
  };
  /** The matrix application's model endpoint, saved again if a call removed it. */
  ensureEndpoint(): Promise<void>;
  ensureLogo(): Promise<void>;
  /** The target user's pending link to the matrix provider, made again if a call removed it. */
  ensureLink(): Promise<void>;
  logoUpload(): { payload: Buffer; contentType: string };
  /** A new document of the matrix application and its filled-in upload form, ready to post. */
  documentUpload(): Promise<{ payload: Buffer; contentType: string }>;
}

/** `dns`: a test DNS server the app resolves with, given the matrix provider's domain record to answer. */
export async function createFixture(app: FastifyInstance, db: Db, dns?: TestDns): Promise<Fixture> {
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

  // A document of that application, uploaded, confirmed and checked, so its content can be read.
  const documentUpload = async () => {
    const res = await app.inject({ method: "POST", url: `/v2/applications/${applicationId}/documents`, headers: as("admin"), payload: { name: "Matrix document.pdf" } });
    if (res.statusCode !== 201) throw new Error(`fixture: adding a document failed: ${res.body}`);
    const { document, upload } = res.json() as { document: { id: string }; upload: { fields: Record<string, string> } };
    return { id: document.id, ...multipartForm(upload.fields, "matrix.pdf", SAMPLES.pdf.bytes) };
  };
  const uploaded = await documentUpload();
  const posted = await app.inject({ method: "POST", url: "/v2/uploads", headers: { "content-type": uploaded.contentType }, payload: uploaded.payload });
  if (posted.statusCode !== 204) throw new Error(`fixture: uploading the document failed: ${posted.body}`);
  await app.inject({ method: "POST", url: `/v2/applications/${applicationId}/document/${uploaded.id}`, headers: as("admin"), payload: { uploaded: true } });
  await app.documentWorker.wake();

  // A high-tier application (so controls apply) with a file evidence, uploaded, on the matrix control.
  const controlledRes = await app.inject({
    method: "POST",
    url: "/v2/applications",
    headers: as("admin"),
    payload: { name: "Matrix controlled application", resource_group_id: selectedGroup, details: lowRiskDetails({ business_criticality: "high" }) },
  });
  if (controlledRes.statusCode !== 201) throw new Error(`fixture: creating the controlled application failed: ${controlledRes.body}`);
  const controlled = controlledRes.json().id as string;
  const fileEvidence = await app.inject({
    method: "POST",
    url: `/v2/applications/${controlled}/controls/${MATRIX_CONTROL}/evidence`,
    headers: as("admin"),
    payload: { kind: "file", name: "Matrix evidence.pdf" },
  });
  if (fileEvidence.statusCode !== 201) throw new Error(`fixture: adding file evidence failed: ${fileEvidence.body}`);
  const evidenceForm = fileEvidence.json() as { evidence: { id: string }; upload: { fields: Record<string, string> } };
  const evidencePost = multipartForm(evidenceForm.upload.fields, "evidence.pdf", SAMPLES.pdf.bytes);
  const evidenceUploaded = await app.inject({ method: "POST", url: "/v2/uploads", headers: { "content-type": evidencePost.contentType }, payload: evidencePost.payload });
  if (evidenceUploaded.statusCode !== 204) throw new Error(`fixture: uploading the evidence failed: ${evidenceUploaded.body}`);

  // A vendor the matrix application lists, so its details name an application too.
  const vendorRes = await app.inject({ method: "POST", url: "/v2/vendors", headers: as("admin"), payload: { name: "Matrix vendor" } });
  if (vendorRes.statusCode !== 201) throw new Error(`fixture: creating the vendor failed: ${vendorRes.body}`);
  const vendor = vendorRes.json().id as string;
  const linked = await app.inject({ method: "PUT", url: `/v2/applications/${applicationId}`, headers: as("admin"), payload: { vendor_ids: [vendor] } });
  if (linked.statusCode !== 200) throw new Error(`fixture: linking the vendor failed: ${linked.body}`);

  // An incident of the matrix application, and a maker of more to delete.
  const newIncident = async (title: string) => {
    const res = await app.inject({
      method: "POST",
      url: "/v2/incidents",
      headers: as("admin"),
      payload: { application_id: applicationId, title, severity: "medium", detected_at: "2026-03-01T09:00:00Z" },
    });
    if (res.statusCode !== 201) throw new Error(`fixture: recording the incident failed: ${res.body}`);
    return res.json().id as string;
  };
  const incident = await newIncident("Matrix incident");

  // A decisions CSV on the matrix and the controlled applications, and a ready test over each.
  const uploadCsv = async (appId: string, bytes = MATRIX_DECISIONS) => {
    const res = await app.inject({ method: "POST", url: `/v2/applications/${appId}/documents`, headers: as("admin"), payload: { name: "Matrix decisions.csv" } });
    if (res.statusCode !== 201) throw new Error(`fixture: adding the decisions failed: ${res.body}`);
    const { document, upload } = res.json() as { document: { id: string }; upload: { fields: Record<string, string> } };
    const form = multipartForm(upload.fields, "decisions.csv", bytes);
    const posted = await app.inject({ method: "POST", url: "/v2/uploads", headers: { "content-type": form.contentType }, payload: form.payload });
    if (posted.statusCode !== 204) throw new Error(`fixture: uploading the decisions failed: ${posted.body}`);
    await app.inject({ method: "POST", url: `/v2/applications/${appId}/document/${document.id}`, headers: as("admin"), payload: { uploaded: true } });
    await app.documentWorker.wake();
    return document.id;
  };
  const readyTest = async (appId: string, documentId: string, input: Record<string, unknown> = { data_source: "fairness_ml_user", columns: MATRIX_COLUMNS }) => {
    const res = await app.inject({ method: "POST", url: `/v2/applications/${appId}/testing/tasks`, headers: as("admin"), payload: { name: "Matrix test", document_id: documentId, ...input } });
    if (res.statusCode !== 201) throw new Error(`fixture: starting a test failed: ${res.body}`);
    await app.testingWorker.wake();
    return res.json().id as string;
  };
  const decisions = await uploadCsv(applicationId);
  const testTask = await readyTest(applicationId, decisions);
  const evidenceTask = await readyTest(controlled, await uploadCsv(controlled));
  const scored = await uploadCsv(applicationId, MATRIX_SCORED);
  const llmDocument = await uploadCsv(applicationId, MATRIX_LLM_RESPONSES);
  await readyTest(applicationId, llmDocument, { data_source: "fairness_llm_user", columns: MATRIX_LLM_COLUMNS });
  const offlineTest = async () => {
    const [item] = await db.insert(processingItems).values({ companyId: company.id, kind: "test", status: "created" }).returning();
    const [task] = await db
      .insert(testingTasks)
      .values({ companyId: company.id, applicationId, processingItemId: item.id, dataSource: "fairness_ml_synthetic", name: `Offline ${unique()}`, population: MATRIX_POPULATION, startedByName: "Matrix" })
      .returning();
    return task.id;
  };
  const offlineTask = await offlineTest();
  const [controlledRow] = await db.select().from(applications).where(eq(applications.id, controlled));
  const { id: snapshot } = await takeApprovalSnapshot(db, app.storage, controlledRow, { decision: "approved", from: "in_review", at: new Date(), by: { id: null, name: "Matrix" } });
  // From here on tests only queue: a worker finishing them between two calls would change rows no call asked to.
  await app.testingWorker.stop();

  // A passkey on each side, so that listing your own passkeys is shown to reach no one else's.
  for (const [email, name] of [[CALLERS.admin, "Matrix passkey"], [CALLERS.other, "Other passkey"]]) {
    const [identity] = await db.select().from(identityUsers).where(eq(identityUsers.username, email));
    await db.insert(identityWebauthnCredentials).values({ credentialId: `${name.replace(" ", "-")}-id`, sub: identity.sub, publicKey: "AQ", friendlyName: name, relyingPartyId: "localhost" });
  }

  // Corporate sign-in: a provider (its issuer unreachable, so nothing leaves the machine) and a connection test of it.
  const idpInput = (name: string) => ({
    name,
    type: "oidc" as const,
    issuer_url: "http://127.0.0.1:9/matrix",
    client_id: "matrix-client",
    client_secret: "matrix-secret",
    domains: [`${unique()}.matrix.test`],
    jit_mode: "create" as const,
    enabled: true,
  });
  const newIdentityProvider = async (name: string) => (await app.sso.providers.create(company.id, idpInput(name))).id;
  const identityProvider = await newIdentityProvider("Matrix IdP");
  // A provider whose domain no call changes, to verify (its record published when a DNS server is given).
  const domainProvider = await app.sso.providers.create(company.id, { ...idpInput("Matrix domains IdP"), domains: [MATRIX_DOMAIN] });
  dns?.publish(MATRIX_DOMAIN, (await app.sso.providers.view(domainProvider)).domain_verification[0].txt_record);
  const providerTest = (await app.sso.tests.start(company.id, null, { issuerUrl: "http://127.0.0.1:9/matrix", clientId: "matrix-client", clientSecret: "x" })).id;

  const ourUsers = await db.select().from(users).where(eq(users.companyId, company.id));
  const fixture: Fixture = {
    tokens,
    ids: {
      company: company.id,
      target,
      allGroup,
      selectedGroup,
      resource,
      apiClient: apiClientId,
      application: applicationId,
      document: uploaded.id,
      controlled,
      evidenceFile: evidenceForm.evidence.id,
      vendor,
      incident,
      decisions,
      testTask,
      llmDocument,
      evidenceTask,
      offlineTask,
      scored,
      identityProvider,
      domainProvider: domainProvider.id,
      providerTest,
      snapshot,
    },
    roles: roleIds,
    secrets: {
      ours: [company.id, allGroup, selectedGroup, apiClientId, applicationId, ...ourUsers.map((u) => u.id), "@steward.test", "Demo Co", "Matrix application", uploaded.id, "Matrix document", controlled, "Matrix evidence", vendor, "Matrix vendor", incident, "Matrix incident", decisions, "Matrix decisions", testTask, llmDocument, evidenceTask, "Matrix test", "Matrix passkey", identityProvider, "Matrix IdP", domainProvider.id, "Matrix domains IdP", providerTest],
      theirs: [other.companyId, other.groupId, other.adminId, CALLERS.other, "Other Co", "Other passkey"],
    },
    unique,
    make: {
      async linkedUser() {
        const [row] = await db
          .insert(users)
          .values({ companyId: company.id, sub: randomUUID(), email: `${unique()}@steward.test`, firstName: "Linked", lastName: "Soon" })
          .returning();
        await db.insert(identityLinks).values({ companyId: company.id, userId: row.id, providerId: identityProvider, status: "pending" });
        return row.id;
      },
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
      async evidence() {
        const [row] = await db
          .insert(controlEvidence)
          .values({ companyId: company.id, applicationId: controlled, controlId: MATRIX_CONTROL, name: `Doomed ${unique()}`, kind: "link", url: "https://matrix.example/", effectiveOn: "2026-01-01", addedByName: "Matrix" })
          .returning();
        return row.id;
      },
      async waitingDocument() {
        const res = await app.inject({ method: "POST", url: `/v2/applications/${applicationId}/documents`, headers: as("admin"), payload: { name: `Doomed ${unique()}.pdf` } });
        if (res.statusCode !== 201) throw new Error(`fixture: adding a document failed: ${res.body}`);
        return (res.json() as { document: { id: string } }).document.id;
      },
      incident: () => newIncident(`Doomed ${unique()}`),
      async failedTest() {
        const [item] = await db.insert(processingItems).values({ companyId: company.id, kind: "test", status: "error", error: "testing.errors.failed" }).returning();
        const [task] = await db
          .insert(testingTasks)
          .values({ companyId: company.id, applicationId, processingItemId: item.id, dataSource: "fairness_ml_user", name: `Doomed ${unique()}`, documentId: decisions, columns: MATRIX_COLUMNS, startedByName: "Matrix" })
          .returning();
        return task.id;
      },
      offlineTest,
      identityProvider: () => newIdentityProvider(`Doomed ${unique()}`),
      async import() {
        const [admin] = await db.select().from(users).where(eq(users.email, CALLERS.admin));
        const [row] = await db
          .insert(imports)
          .values({ companyId: company.id, actorId: admin.id, entity: "vendors", fileName: "vendors.csv", header: ["Name"], cells: [[`Imported ${unique()}`]], mapping: { name: "Name" } })
          .returning();
        return row.id;
      },
      async featureFlag() {
        const [row] = await db.insert(featureFlags).values({ companyId: company.id, key: `matrix-${unique()}`, enabled: true }).returning();
        return row.key;
      },
    },
    async ensureEndpoint() {
      await db.insert(modelEndpoints).values({ applicationId, companyId: company.id, url: MATRIX_ENDPOINT, protocol: "kserve_v1" }).onConflictDoNothing();
    },
    async ensureLink() {
      await db.insert(identityLinks).values({ companyId: company.id, userId: target, providerId: identityProvider, status: "pending" }).onConflictDoNothing();
    },
    async ensureLogo() {
      const has = await app.inject({ method: "GET", url: "/v2/company/logo", headers: as("admin") });
      if (has.statusCode === 200) return;
      const upload = multipartFile("file", "logo.png", "image/png", PNG);
      const res = await app.inject({ method: "POST", url: "/v2/company/logo", headers: { ...as("admin"), "content-type": upload.contentType }, payload: upload.payload });
      if (res.statusCode !== 200) throw new Error(`fixture: uploading the logo failed: ${res.body}`);
    },
    logoUpload: () => multipartFile("file", "logo.png", "image/png", PNG),
    documentUpload,
  };
  return fixture;
}
