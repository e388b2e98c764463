/**
 * The expected status of every registered route for every kind of caller: the
 * authorization matrix test calls each route as each caller and compares with this table.
 * A route the server registers that is missing here fails the test, so a new route gets its row
 * the day it is added. HEAD routes answer like their GET and are not listed.
 *
 * Callers: anonymous (no token); the demo users admin, contributor, reviewer, approver, noroles;
 * `other`, the Administrator of a second company (our ids must be 404 to them); `client`, an API
 * client holding ApplicationReviewer on the ALL group.
 */
import { MATRIX_COLUMNS, MATRIX_CONTROL, MATRIX_DOMAIN, MATRIX_ENDPOINT, MATRIX_SCORED_COLUMNS, multipartFile, type Fixture } from "./authorization-matrix.fixture";

export const CALLER_NAMES = ["anonymous", "admin", "contributor", "reviewer", "approver", "noroles", "other", "client"] as const;
export type CallerName = (typeof CALLER_NAMES)[number];
export type Expected = Record<CallerName, number>;

export interface RouteCase {
  /** Values for the route's `:params`; a function is called for every request (a fresh row to delete, say). */
  params?: Record<string, string | ((f: Fixture) => string | Promise<string>)>;
  /** A query string for the request, without the `?`. */
  query?: (f: Fixture) => string;
  /** A valid body, so that what the matrix sees is authorization, never validation. */
  body?: (f: Fixture) => unknown;
  /** A raw multipart body instead of JSON. */
  multipart?: (f: Fixture) => { payload: Buffer; contentType: string };
  headers?: Record<string, string>;
  /** Runs before each request: state the call relies on (a logo to read). */
  prepare?: (f: Fixture) => Promise<void>;
  expect: Expected;
  /** Why the cross-company check does not apply to this route; every route without it is checked. */
  crossCompany?: string;
  /**
   * Callers refused only because of what the valid body names (a record of ours, an edit rather than a status
   * move), and why: with a malformed body there is nothing to refuse them for, so they get its 400.
   */
  bodyDecides?: { callers: CallerName[]; why: string };
}

/** Anyone, signed in or not, gets the same answer. */
const open = (status: number): Expected => Object.fromEntries(CALLER_NAMES.map((c) => [c, status])) as Expected;

/** Every signed-in caller, with or without roles; 401 without a token. */
const signedIn = (status: number): Expected => ({ ...open(status), anonymous: 401 });

/**
 * Administrators only. `own` is the status a second company's Administrator gets: the same success
 * on their own company's list or settings, 404 when the route names one of our rows.
 */
const adminOnly = (status: number, own: "ours" | "theirs"): Expected => ({
  anonymous: 401,
  admin: status,
  contributor: 403,
  reviewer: 403,
  approver: 403,
  noroles: 403,
  other: own === "theirs" ? status : 404,
  client: 403,
});

/** Everyone whose roles reach the application (the API client reviews every application); 404 for the rest. */
const appRead = (status: number): Expected => ({ ...signedIn(status), noroles: 404, other: 404 });
/** Contributors and Administrators change an application; readers who may not get 403. */
const appEdit = (status: number): Expected => ({ ...appRead(status), reviewer: 403, approver: 403, client: 403 });
/** Administrators only, among those who see the application. */
const appAdmin = (status: number): Expected => ({ ...appEdit(status), contributor: 403 });

/** Frameworks: Administrators, and reviewers with an ALL group (the API client is one), read them. Others get their own company's. */
const frameworkRead = (status: number): Expected => ({ ...signedIn(status), contributor: 403, approver: 403, noroles: 403 });

/** The controls routes' target: a high-tier application and a control it carries. */
const controlParams = { id: (f: Fixture) => f.ids.controlled, controlId: () => MATRIX_CONTROL };
/** A fresh piece of evidence per DELETE, made by the row's `prepare`. */
let doomedEvidence = "";

/** Contributors and Administrators import (another company's Administrator into their own company). */
const importers = (status: number): Expected => ({ ...signedIn(status), reviewer: 403, approver: 403, noroles: 403, client: 403 });
/** An import is its author's (the Administrator's here): 404 to everyone else. */
const ownImport = (status: number): Expected => ({ anonymous: 401, admin: status, contributor: 404, reviewer: 404, approver: 404, noroles: 404, other: 404, client: 404 });

/** Everyone with a role reads a vendor of their company; 404 for the rest. */
const vendorRead = (status: number): Expected => ({ ...signedIn(status), noroles: 404, other: 404 });

/** The form the upload endpoint's row posts: a new one per request, made in its `prepare`. */
let pendingUpload: { payload: Buffer; contentType: string } | undefined;

const fresh = <K extends keyof Fixture["make"]>(kind: K) => (f: Fixture) => f.make[kind]();

export const MATRIX: Record<string, RouteCase> = {
  // Public: health, client configuration, OpenAPI, identity protocol, OAuth token endpoint.
  "GET /healthz": { expect: open(200) },
  "GET /readyz": { expect: open(200) },
  "GET /config.json": { expect: open(200) },
  // Only for the scraper holding METRICS_TOKEN (tests/api/metrics.test.ts); without it, served to nobody.
  "GET /metrics": { expect: open(404) },
  "GET /v2/openapi.json": { expect: open(200) },
  "GET /v2/docs": { expect: open(200) },
  "GET /v2/docs/json": { expect: open(200) },
  "GET /v2/docs/yaml": { expect: open(200) },
  "GET /v2/docs/static/index.html": { expect: open(302) },
  "GET /v2/docs/static/swagger-initializer.js": { expect: open(200) },
  "GET /v2/docs/static/*": { params: { "*": "swagger-ui.css" }, expect: open(200) },
  // Without X-Amz-Target the identity protocol answers 400, whoever asks: it has no bearer notion.
  "POST /identity": { body: () => ({}), headers: { "content-type": "application/x-amz-json-1.1" }, expect: open(400) },
  "GET /identity/local_steward/.well-known/jwks.json": { expect: open(200) },
  "GET /identity/captcha/challenge": { expect: open(200) },
  "GET /identity/captcha/required": { expect: open(200) },
  // Local storage's upload endpoint: the signed policy authorizes, not a bearer token, so whoever holds
  // a valid form (handed to someone allowed to add the document) may post it once.
  "POST /v2/uploads": { prepare: async (f) => void (pendingUpload = await f.documentUpload()), multipart: () => pendingUpload!, expect: open(204) },
  // A bearer token is no client credential: without a form body the token endpoint refuses the request.
  "POST /oauth2/token": { expect: open(400) },
  // Corporate sign-in, public: the lookup behind /sso (the same answer for every unmapped address), the hosted
  // sign-in endpoints (no client, no redirect URI: an error page) and the demo provider's discovery.
  "POST /v2/sso/lookup": {
    body: () => ({ email: "someone@unmapped.test" }),
    expect: open(404),
    crossCompany: "names no company's data",
    bodyDecides: { callers: [...CALLER_NAMES], why: "the 404 is for the address looked up; a malformed body names none" },
  },
  "GET /oauth2/authorize": { expect: open(400) },
  "GET /oauth2/idpresponse": { expect: open(400) },
  // A federated second step's answer: without a live step, an error page.
  "POST /oauth2/mfa": { expect: open(400) },
  "GET /logout": { expect: open(400) },
  "GET /demo-idp/*": { params: { "*": ".well-known/openid-configuration" }, expect: open(200), crossCompany: "the demo provider's public metadata" },
  "POST /demo-idp/*": { params: { "*": "token" }, expect: open(400), crossCompany: "the demo provider's token endpoint refuses a request without a grant" },
  // The embedded default's mail: a developer's tool of the local identity mode, not tenant data.
  "GET /dev/outbox": { expect: open(200), crossCompany: "developer outbox of the local mode" },

  // Access: the signed-in user.
  "GET /v2/access/user": { expect: signedIn(200) },
  // Your own profile: every person; an API client has none to change.
  "PATCH /v2/access/user": { body: () => ({ language: "en" }), expect: { ...signedIn(200), client: 403 } },
  // Your own passkeys: every person's own; an API client signs in with a secret, never a passkey.
  "GET /v2/access/user/passkeys": { expect: { ...signedIn(200), client: 403 } },

  // Notifications: every person's own; API clients have none.
  "GET /v2/notifications": { expect: { ...signedIn(200), client: 403 } },
  "GET /v2/notifications/:days": { params: { days: "30" }, expect: { ...signedIn(200), client: 403 } },
  "PUT /v2/notifications/mark_read/:id": { params: { id: "all" }, expect: { ...signedIn(204), client: 403 } },
  "GET /v2/my-work": { expect: { ...signedIn(200), client: 403 } },
  "GET /v2/my-work/counts": { expect: { ...signedIn(200), client: 403 } },

  // Access: Manage Users (Administrators).
  "GET /v2/access/users": { expect: adminOnly(200, "theirs") },
  "GET /v2/access/users/:user_id": { params: { user_id: (f) => f.ids.target }, expect: adminOnly(200, "ours") },
  "POST /v2/access/users": {
    body: (f) => ({ email: `${f.unique()}@matrix.test`, first_name: "Matrix", last_name: "Person" }),
    expect: adminOnly(201, "theirs"),
  },
  "PATCH /v2/access/users/:user_id": { params: { user_id: (f) => f.ids.target }, body: () => ({ first_name: "Target" }), expect: adminOnly(200, "ours") },
  "DELETE /v2/access/users/:user_id": { params: { user_id: fresh("user") }, expect: adminOnly(204, "ours") },
  "POST /v2/access/user/reset-temporary-password": {
    body: (f) => ({ user_id: f.ids.target }),
    expect: adminOnly(204, "ours"),
    bodyDecides: { callers: ["other"], why: "the user is named in the body; the other company's Administrator may reset their own" },
  },
  "PUT /v2/access/users/:user_id/roles/:role_id/resource-groups/:resource_group_id": {
    params: { user_id: (f) => f.ids.target, role_id: (f) => f.roles.ApplicationReviewer, resource_group_id: (f) => f.ids.allGroup },
    expect: adminOnly(200, "ours"),
  },
  "DELETE /v2/access/users/:user_id/roles/:role_id": {
    params: { user_id: (f) => f.ids.target, role_id: (f) => f.roles.ApplicationApprover },
    expect: adminOnly(204, "ours"),
  },
  // Manage Users → Link to corporate sign-in (Administrators).
  "GET /v2/access/users/:user_id/identity-link": { prepare: (f) => f.ensureLink(), params: { user_id: (f) => f.ids.target }, expect: adminOnly(200, "ours") },
  "POST /v2/access/users/:user_id/identity-link": {
    params: { user_id: (f) => f.ids.target },
    body: (f) => ({ provider_id: f.ids.identityProvider }),
    expect: adminOnly(201, "ours"),
  },
  "DELETE /v2/access/users/:user_id/identity-link": { params: { user_id: fresh("linkedUser") }, expect: adminOnly(204, "ours") },
  // Your own link: the demo people have none (404); an API client has no sign-in to link.
  "GET /v2/access/user/identity-link": { expect: { ...signedIn(200), client: 403 }, crossCompany: "the caller's own link, never another's" },
  "POST /v2/access/user/identity-link/confirm": { expect: { ...signedIn(404), client: 403 }, crossCompany: "the caller's own link, never another's" },
  "GET /v2/access/roles": { expect: adminOnly(200, "theirs") },

  // Access: Application Groups (Administrators).
  "GET /v2/access/resource-groups": { expect: adminOnly(200, "theirs") },
  "POST /v2/access/resource-groups": { body: (f) => ({ name: `Group ${f.unique()}`, group_type: "SELECTED" }), expect: adminOnly(201, "theirs") },
  "PATCH /v2/access/resource-groups/:resource_group_id": {
    params: { resource_group_id: (f) => f.ids.selectedGroup },
    body: () => ({ name: "Customer AI" }),
    expect: adminOnly(200, "ours"),
  },
  "DELETE /v2/access/resource-groups/:resource_group_id": { params: { resource_group_id: fresh("group") }, expect: adminOnly(204, "ours") },
  "PUT /v2/access/resource-groups/:resource_group_id/resources/:resource_id": {
    params: { resource_group_id: (f) => f.ids.selectedGroup, resource_id: (f) => f.ids.resource },
    expect: adminOnly(200, "ours"),
  },
  "DELETE /v2/access/resource-groups/:resource_group_id/resources/:resource_id": {
    params: { resource_group_id: (f) => f.ids.selectedGroup, resource_id: (f) => f.ids.resource },
    expect: adminOnly(204, "ours"),
  },

  // Access: API clients (Administrators).
  "GET /v2/access/api-clients": { expect: adminOnly(200, "theirs") },
  "GET /v2/access/api-clients/:api_client_id": { params: { api_client_id: (f) => f.ids.apiClient }, expect: adminOnly(200, "ours") },
  "POST /v2/access/api-clients": {
    body: (f) => ({ name: `Client ${f.unique()}`, role_id: f.roles.ApplicationReviewer, resource_group_id: f.ids.allGroup }),
    expect: adminOnly(201, "ours"),
    bodyDecides: { callers: ["other"], why: "our group is named in the body; the other company's Administrator may create clients on theirs" },
  },
  "DELETE /v2/access/api-clients/:api_client_id": { params: { api_client_id: fresh("apiClient") }, expect: adminOnly(204, "ours") },

  // Company: everyone signed in reads it, Administrators change it (their own).
  "GET /v2/company": { expect: signedIn(200) },
  "PATCH /v2/company": { body: () => ({ industry: "Software" }), expect: adminOnly(200, "theirs") },
  // Only Demo Co has a logo, so the second company's Administrator reads "no logo".
  "GET /v2/company/logo": { prepare: (f) => f.ensureLogo(), expect: { ...signedIn(200), other: 404 } },
  "POST /v2/company/logo": { multipart: (f) => f.logoUpload(), expect: adminOnly(200, "theirs") },
  "DELETE /v2/company/logo": { prepare: (f) => f.ensureLogo(), expect: adminOnly(204, "theirs") },

  // Manage Company → corporate sign-in (Administrators). Issuers of the matrix's providers are unreachable, so a
  // connection test answers 201 with its failed discovery rather than calling out.
  "GET /v2/company/identity-providers": { expect: adminOnly(200, "theirs") },
  "POST /v2/company/identity-providers": {
    body: (f) => ({ name: `IdP ${f.unique()}`, type: "oidc", issuer_url: "http://127.0.0.1:9/x", client_id: "c", client_secret: "s", domains: [`${f.unique()}.matrix.test`], jit_mode: "create", enabled: true }),
    expect: adminOnly(201, "theirs"),
  },
  "GET /v2/company/identity-providers/:id": { params: { id: (f) => f.ids.identityProvider }, expect: adminOnly(200, "ours") },
  "PUT /v2/company/identity-providers/:id": {
    params: { id: (f) => f.ids.identityProvider },
    body: (f) => ({ name: "Matrix IdP", type: "oidc", issuer_url: "http://127.0.0.1:9/matrix", client_id: "matrix-client", domains: [`${f.unique()}.matrix.test`], jit_mode: "create", enabled: true }),
    expect: adminOnly(200, "ours"),
  },
  "DELETE /v2/company/identity-providers/:id": { params: { id: fresh("identityProvider") }, expect: adminOnly(204, "ours") },
  "POST /v2/company/identity-providers/test": {
    body: () => ({ issuer_url: "http://127.0.0.1:9/x", client_id: "c", client_secret: "s" }),
    expect: adminOnly(201, "theirs"),
  },
  // Verifying a domain asks the matrix's DNS server, which answers the provider's record.
  "POST /v2/company/identity-providers/:id/domains/:domain/verify": {
    params: { id: (f) => f.ids.domainProvider, domain: MATRIX_DOMAIN },
    expect: adminOnly(200, "ours"),
  },
    "GET /v2/company/identity-providers/test/:test_id": { params: { test_id: (f) => f.ids.providerTest }, expect: adminOnly(200, "ours") },

  // Applications: everyone with a role reads what their groups reach; contributors add and edit.
  "GET /v2/applications": { expect: signedIn(200) },
  "POST /v2/applications": {
    body: (f) => ({ name: `App ${f.unique()}` }),
    expect: { ...signedIn(201), reviewer: 403, approver: 403, noroles: 403, client: 403 },
  },
  "GET /v2/applications/metrics": { expect: signedIn(200) },
  "GET /v2/applications/role-assignments/user": { expect: signedIn(200) },
  "GET /v2/applications/:id": { params: { id: (f) => f.ids.application }, expect: appRead(200) },
  "PUT /v2/applications/:id": {
    params: { id: (f) => f.ids.application },
    body: () => ({ description: "Checked by the matrix." }),
    expect: appEdit(200),
    bodyDecides: { callers: ["reviewer", "approver", "client"], why: "readers may not edit but may move the status; the body says which it is" },
  },
  "GET /v2/applications/:id/details": { params: { id: (f) => f.ids.application }, expect: appRead(200) },
  "GET /v2/applications/:id/assessments": { params: { id: (f) => f.ids.application }, expect: appRead(200) },
  "GET /v2/applications/:id/comments": { params: { id: (f) => f.ids.application }, expect: appRead(200) },
  "POST /v2/applications/:id/comments": { params: { id: (f) => f.ids.application }, body: () => ({ body: "Seen." }), expect: appRead(201) },
  "GET /v2/applications/:id/activity": { params: { id: (f) => f.ids.application }, expect: appRead(200) },
  "GET /v2/applications/:id/documents": { params: { id: (f) => f.ids.application }, expect: appRead(200) },
  "POST /v2/applications/:id/documents": { params: { id: (f) => f.ids.application }, body: () => ({ name: "Matrix upload.pdf" }), expect: appEdit(201) },
  "GET /v2/applications/:id/documents/:documentId": { params: { id: (f) => f.ids.application, documentId: (f) => f.ids.document }, expect: appRead(200) },
  "DELETE /v2/applications/:id/documents/:documentId": {
    params: { id: (f) => f.ids.application, documentId: (f) => f.make.waitingDocument() },
    expect: appEdit(204),
  },
  "GET /v2/applications/:id/documents/:documentId/content": {
    params: { id: (f) => f.ids.application, documentId: (f) => f.ids.document },
    expect: appRead(200),
  },
  "POST /v2/applications/:id/document/:documentId": {
    params: { id: (f) => f.ids.application, documentId: (f) => f.ids.document },
    body: () => ({ name: "Matrix document.pdf" }),
    expect: appEdit(200),
  },
  "GET /v2/applications/:id/authorized-users": { params: { id: (f) => f.ids.application }, expect: appRead(200) },
  "GET /v2/applications/:id/role-assignments": { params: { id: (f) => f.ids.application }, expect: appRead(200) },
  "PUT /v2/applications/:id/role-assignments": {
    params: { id: (f) => f.ids.application },
    body: (f) => ({ user_id: f.ids.target, role_id: f.roles.ApplicationReviewer }),
    expect: appAdmin(200),
  },
  "DELETE /v2/applications/:id/role-assignments": {
    params: { id: (f) => f.ids.application },
    query: (f) => `user_id=${f.ids.target}&role_id=${f.roles.ApplicationReviewer}`,
    expect: appAdmin(204),
  },

  // Frameworks: the library with the company's settings; an application's frameworks, controls and evidence.
  "GET /v2/frameworks": { expect: frameworkRead(200) },
  "GET /v2/frameworks/:id": { params: { id: "eu-ai-act" }, expect: frameworkRead(200) },
  "GET /v2/frameworks/:id/applications": { params: { id: "eu-ai-act" }, expect: frameworkRead(200) },
  "PUT /v2/frameworks/:id/setting": { params: { id: "eu-ai-act" }, body: () => ({ enabled: true }), expect: adminOnly(200, "theirs") },
  "GET /v2/applications/:id/frameworks": { params: { id: (f) => f.ids.application }, expect: appRead(200) },
  "PUT /v2/applications/:id/frameworks/:frameworkId/setting": {
    params: { id: (f) => f.ids.application, frameworkId: "eu-ai-act" },
    body: () => ({ enabled: true }),
    expect: appEdit(200),
  },
  "GET /v2/applications/:id/controls": { params: { id: (f) => f.ids.controlled }, expect: appRead(200) },
  "GET /v2/applications/:id/controls/:controlId": { params: controlParams, expect: appRead(200) },
  "PATCH /v2/applications/:id/controls/:controlId": { params: controlParams, body: () => ({ notes: "Checked by the matrix." }), expect: appEdit(200) },
  "POST /v2/applications/:id/controls/:controlId/evidence": {
    params: controlParams,
    body: (f) => ({ kind: "link", name: `Link ${f.unique()}`, url: "https://matrix.example/evidence" }),
    expect: appEdit(201),
  },
  "DELETE /v2/applications/:id/controls/:controlId/evidence": {
    params: controlParams,
    prepare: async (f) => {
      doomedEvidence = await f.make.evidence();
    },
    query: () => `evidence_id=${doomedEvidence}`,
    expect: appEdit(204),
  },
  "GET /v2/applications/:id/controls/:controlId/evidence/:evidenceId/content": {
    params: { ...controlParams, evidenceId: (f) => f.ids.evidenceFile },
    expect: appRead(200),
  },

  // Vendors: everyone with a role reads; contributors and Administrators add and edit; no DELETE (offboard).
  "GET /v2/vendors": { expect: { ...signedIn(200), noroles: 403 } },
  "POST /v2/vendors": {
    body: (f) => ({ name: `Vendor ${f.unique()}` }),
    expect: { ...signedIn(201), reviewer: 403, approver: 403, noroles: 403, client: 403 },
  },
  "GET /v2/vendors/:id": { params: { id: (f) => f.ids.vendor }, expect: vendorRead(200) },
  "PUT /v2/vendors/:id": {
    params: { id: (f) => f.ids.vendor },
    body: () => ({ description: "Checked by the matrix." }),
    expect: { ...vendorRead(200), reviewer: 403, approver: 403, client: 403 },
  },
  "GET /v2/vendors/:id/details": { params: { id: (f) => f.ids.vendor }, expect: vendorRead(200) },
  "GET /v2/vendors/:id/applications": { params: { id: (f) => f.ids.vendor }, expect: vendorRead(200) },

  // Incidents: whoever's role reaches the application reads them; contributors record and change them;
  // Administrators delete them. The list is for users with a role (the other company's Administrator gets theirs).
  "GET /v2/incidents": { expect: { ...signedIn(200), noroles: 403 } },
  "POST /v2/incidents": {
    body: (f) => ({ application_id: f.ids.application, title: `Incident ${f.unique()}`, severity: "low", detected_at: "2026-03-01T09:00:00Z" }),
    expect: { ...appEdit(201), noroles: 403 },
    bodyDecides: { callers: ["other"], why: "our application is named in the body; the other company's Administrator may record incidents of theirs" },
  },
  "GET /v2/incidents/:id": { params: { id: (f) => f.ids.incident }, expect: appRead(200) },
  "PATCH /v2/incidents/:id": { params: { id: (f) => f.ids.incident }, body: () => ({ root_cause: "Checked by the matrix." }), expect: appEdit(200) },
  "DELETE /v2/incidents/:id": { params: { id: fresh("incident") }, expect: appAdmin(204) },

  // Testing: whoever's role reaches the application reads its tests; contributors start, retry and delete them,
  // and make a ready one evidence of a control (a change to the controls, as adding any evidence is).
  "GET /v2/applications/:id/testing/tasks": { params: { id: (f) => f.ids.application }, expect: appRead(200) },
  "POST /v2/applications/:id/testing/tasks": {
    params: { id: (f) => f.ids.application },
    body: (f) => ({ data_source: "fairness_ml_user", document_id: f.ids.decisions, columns: MATRIX_COLUMNS }),
    expect: appEdit(201),
  },
  "GET /v2/applications/:id/testing/tasks/:taskId": { params: { id: (f) => f.ids.application, taskId: (f) => f.ids.testTask }, expect: appRead(200) },
  "POST /v2/applications/:id/testing/tasks/:taskId/retry": { params: { id: (f) => f.ids.application, taskId: fresh("failedTest") }, expect: appEdit(200) },
  "DELETE /v2/applications/:id/testing/tasks/:taskId": { params: { id: (f) => f.ids.application, taskId: fresh("failedTest") }, expect: appEdit(204) },
  "GET /v2/applications/:id/testing/columns": { params: { id: (f) => f.ids.application }, query: (f) => `document_id=${f.ids.decisions}`, expect: appRead(200) },
  "GET /v2/applications/:id/testing/evidence-controls": { params: { id: (f) => f.ids.controlled }, expect: appRead(200) },
  "POST /v2/applications/:id/testing/tasks/:taskId/evidence": {
    params: { id: (f) => f.ids.controlled, taskId: (f) => f.ids.evidenceTask },
    body: () => ({ control_id: "C-FAIR-01" }),
    expect: appEdit(201),
  },
  "GET /v2/applications/:id/testing/tasks/:taskId/results.csv": { params: { id: (f) => f.ids.application, taskId: (f) => f.ids.testTask }, expect: appRead(200) },
  "GET /v2/applications/:id/testing/tasks/:taskId/results.xlsx": { params: { id: (f) => f.ids.application, taskId: (f) => f.ids.testTask }, expect: appRead(200) },
  "GET /v2/applications/:id/testing/tasks/:taskId/bias-audit.pdf": { params: { id: (f) => f.ids.application, taskId: (f) => f.ids.testTask }, expect: appRead(200) },
  // Synthetic tests: the population of an offline test to download, and its scored file to upload.
  "GET /v2/applications/:id/testing/tasks/:taskId/population.csv": { params: { id: (f) => f.ids.application, taskId: (f) => f.ids.offlineTask }, expect: appRead(200) },
  "POST /v2/applications/:id/testing/tasks/:taskId/scores": {
    params: { id: (f) => f.ids.application, taskId: fresh("offlineTest") },
    body: (f) => ({ document_id: f.ids.scored, columns: MATRIX_SCORED_COLUMNS }),
    expect: appEdit(200),
  },
  // The model endpoint: read by whoever reaches the application, set, checked and removed by those who edit it.
  "GET /v2/testing/llm/explanation": { expect: signedIn(200), crossCompany: "The refusal patterns, lexicon and thresholds are the same for every company: no company's data." },
  "GET /v2/testing/llm/:documentId": { params: { documentId: (f) => f.ids.llmDocument }, expect: appRead(200) },
  "GET /v2/testing/llm/:documentId/tables/:tableId": { params: { documentId: (f) => f.ids.llmDocument, tableId: () => "refusals" }, expect: appRead(200) },
  "GET /v2/testing/llm/:documentId/tables/:tableId/export": { params: { documentId: (f) => f.ids.llmDocument, tableId: () => "divergent" }, query: () => "format=csv", expect: appRead(200) },
  "GET /v2/testing/llm/:documentId/bias-audit.pdf": { params: { documentId: (f) => f.ids.llmDocument }, query: () => "lang=es", expect: appRead(200) },
  "GET /v2/applications/:id/testing/endpoint": { params: { id: (f) => f.ids.application }, prepare: (f) => f.ensureEndpoint(), expect: appRead(200) },
  "GET /v2/applications/:id/testing/endpoints": { params: { id: (f) => f.ids.application }, expect: appRead(200) },
  "PUT /v2/applications/:id/testing/endpoint": {
    params: { id: (f) => f.ids.application },
    body: () => ({ url: MATRIX_ENDPOINT, protocol: "kserve_v1" }),
    expect: appEdit(200),
  },
  "DELETE /v2/applications/:id/testing/endpoint": { params: { id: (f) => f.ids.application }, prepare: (f) => f.ensureEndpoint(), expect: appEdit(204) },
  "POST /v2/applications/:id/testing/endpoint/check": { params: { id: (f) => f.ids.application }, prepare: (f) => f.ensureEndpoint(), expect: appEdit(200) },
  // Prompt sets: the same files for everyone with a role. A run needs a chat endpoint, which the matrix
  // application never has (none, or a KServe one): those who may run one get the 400 naming `endpoint`.
  "GET /v2/testing/prompt-sets": { expect: { ...signedIn(200), noroles: 403 } },
  "GET /v2/testing/prompt-sets/:setId.csv": { params: { setId: "cv_screening" }, query: () => "lang=en", expect: { ...signedIn(200), noroles: 403 } },
  "POST /v2/applications/:id/testing/prompt-runs": {
    params: { id: (f) => f.ids.application },
    body: () => ({ set_id: "cv_screening", language: "en" }),
    expect: appEdit(400),
  },

  // Records at a point in time: evidence dates, changed by those who edit the application.
  "PATCH /v2/applications/:id/controls/:controlId/evidence/:evidenceId": {
    params: { ...controlParams, evidenceId: (f) => f.ids.evidenceFile },
    body: () => ({ effective_on: "2026-01-15" }),
    expect: appEdit(200),
  },

  // Records at a point in time: approval snapshots, read by whoever reads the application.
  "GET /v2/applications/:id/approval-snapshots": { params: { id: (f) => f.ids.controlled }, expect: appRead(200) },
  "GET /v2/applications/:id/approval-snapshots/latest": { params: { id: (f) => f.ids.controlled }, expect: appRead(200) },
  "GET /v2/applications/:id/approval-snapshots/compare": {
    params: { id: (f) => f.ids.controlled },
    query: (f) => `from=${f.ids.snapshot}&to=current`,
    expect: appRead(200),
  },
  "GET /v2/applications/:id/approval-snapshots/:snapshotId": { params: { id: (f) => f.ids.controlled, snapshotId: (f) => f.ids.snapshot }, expect: appRead(200) },

  // Records at a point in time: the company's full export (Administrators), and its import into a company
  // without records (ours and theirs both hold records or are no Administrator's of the export: 409).
  "GET /v2/company/export": { expect: adminOnly(200, "theirs") },
  "POST /v2/company/import": {
    body: () => ({ format: "steward-company-export", format_version: 1, steward_version: "0.1.0", exported_at: "2026-01-01T00:00:00.000Z", company: {}, tables: {}, files: [] }),
    expect: adminOnly(409, "theirs"),
  },

  // Audit log (Administrators): the company's own hash-chained trail, its export and its verification.
  "GET /v2/audit": { expect: adminOnly(200, "theirs") },
  "GET /v2/audit/export": { query: () => "format=csv", expect: adminOnly(200, "theirs") },
  "GET /v2/audit/facets": { expect: adminOnly(200, "theirs") },
  "GET /v2/audit/verify": { expect: adminOnly(200, "theirs") },

  // Exports of the list grids: the list's own authorization and company scoping, as CSV or .xlsx.
  "GET /v2/applications/export": { query: () => "format=csv", expect: signedIn(200) },
  "GET /v2/vendors/export": { query: () => "format=csv", expect: { ...signedIn(200), noroles: 403 } },
  "GET /v2/incidents/export": { query: () => "format=csv", expect: { ...signedIn(200), noroles: 403 } },
  "GET /v2/access/users/export": { query: () => "format=csv", expect: adminOnly(200, "theirs") },
  "GET /v2/access/resource-groups/export": { query: () => "format=csv", expect: adminOnly(200, "theirs") },
  "GET /v2/access/api-clients/export": { query: () => "format=csv", expect: adminOnly(200, "theirs") },
  "GET /v2/frameworks/:id/requirements/export": { params: { id: "eu-ai-act" }, query: () => "format=xlsx", expect: frameworkRead(200) },
  "GET /v2/frameworks/:id/export": { params: { id: "eu-ai-act" }, query: () => "format=oscal", expect: frameworkRead(200) },
  "GET /v2/applications/:id/controls/export": { params: { id: (f) => f.ids.controlled }, query: () => "format=csv", expect: appRead(200) },
  "GET /v2/applications/:id/testing/tasks/export": { params: { id: (f) => f.ids.application }, query: () => "format=csv", expect: appRead(200) },
  // Reports: the application dossier (PDF).
  "GET /v2/applications/:id/dossier": { params: { id: (f) => f.ids.controlled }, query: () => "lang=en", expect: appRead(200) },
  "GET /v2/frameworks/:id/compliance-report": { params: { id: "eu-ai-act" }, query: () => "format=xlsx", expect: frameworkRead(200) },
  // Bulk import: contributors and Administrators; an import is its author's alone.
  "GET /v2/imports/template": { query: () => "entity=applications&format=csv", expect: importers(200) },
  "POST /v2/imports": { query: () => "entity=vendors", multipart: () => multipartFile("file", "vendors.csv", "text/csv", Buffer.from("Name\nMatrix imported vendor\n")), expect: importers(201) },
  "GET /v2/imports/:id": { params: { id: fresh("import") }, expect: ownImport(200) },
  "PUT /v2/imports/:id/mapping": { params: { id: fresh("import") }, body: () => ({ mapping: { name: "Name" } }), expect: ownImport(200) },
  "POST /v2/imports/:id/commit": { params: { id: fresh("import") }, body: () => ({ mode: "valid_rows" }), expect: ownImport(200) },

  // Feature flags (Administrators manage their company's); our flag service over OFREP answers every signed-in
  // caller for their own company (the token decides, not the context), and any origin's preflight.
  "GET /v2/feature-flags": { expect: adminOnly(200, "theirs") },
  "GET /v2/feature-flags/:key": { params: { key: fresh("featureFlag") }, expect: adminOnly(200, "ours") },
  "POST /v2/feature-flags": {
    body: (f) => ({ key: `matrix-new-${f.unique()}`, description: "", enabled: true, roles: [], percentage: null }),
    expect: adminOnly(201, "theirs"),
  },
  "PATCH /v2/feature-flags/:key": { params: { key: fresh("featureFlag") }, body: () => ({ enabled: false }), expect: adminOnly(200, "ours") },
  "DELETE /v2/feature-flags/:key": { params: { key: fresh("featureFlag") }, expect: adminOnly(204, "ours") },
  "POST /ofrep/v1/evaluate/flags": { body: () => ({ context: { targetingKey: "matrix" } }), expect: signedIn(200) },
  "POST /ofrep/v1/evaluate/flags/:key": { params: { key: "data-export" }, body: () => ({ context: { targetingKey: "matrix" } }), expect: signedIn(200) },
  "OPTIONS /ofrep/v1/evaluate/flags": { expect: open(204), crossCompany: "a CORS preflight carries no data" },
  "OPTIONS /ofrep/v1/evaluate/flags/:key": { params: { key: "data-export" }, expect: open(204), crossCompany: "a CORS preflight carries no data" },
};
