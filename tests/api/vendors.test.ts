import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { auditLog, companies, resourceGroups } from "../../server/db/schema";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";
import { lowRiskDetails } from "../../domain/risk/test-support";

/** AI vendors: inventory, risk with reasons, links to applications and their re-classification. */
let t: TestApp;
const token: Record<string, string> = {};
let customerAiGroupId: string;
const call = v2Caller(() => t.app, token);

/** Answers that make a vendor low risk. */
const LOW_RISK = {
  provides_foundation_model: false,
  trains_on_customer_data: false,
  personal_data_processed: false,
  dpa_signed: true,
  certifications: ["iso_27001"],
  security_incident_last_24_months: false,
};

const createVendor = async (who: string, body: Record<string, unknown>) => {
  const res = await call(who, "POST", "/vendors", body);
  if (res.statusCode !== 201) throw new Error(`vendor create failed ${res.statusCode}: ${res.body}`);
  return res.json();
};
const createApplication = async (who: string, body: Record<string, unknown>) => {
  const res = await call(who, "POST", "/applications", body);
  if (res.statusCode !== 201) throw new Error(`application create failed ${res.statusCode}: ${res.body}`);
  return res.json();
};
const paths = (res: { json(): { errors?: Array<{ path: string }> } }) => (res.json().errors ?? []).map((e) => e.path);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  customerAiGroupId = (await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, company.id))).find((g) => g.name === "Customer AI")!.id;
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe("creating, reading and editing", () => {
  it("creates a vendor with its risk from the answers; unanswered questions count against it", async () => {
    const blank = await createVendor("admin", { name: "Blank Vendor", website: "https://blank.example.com" });
    expect(blank).toMatchObject({ name: "Blank Vendor", status: "active", risk_level: "high", application_count: 0 });
    expect(blank.risk_reasons).toEqual(["V-TRAINS-ON-CUSTOMER-DATA", "V-PERSONAL-DATA-WITHOUT-DPA", "V-INCIDENT-WITHOUT-CERTIFICATION"]);
    const low = await createVendor("contributor", { name: "Careful Vendor", details: LOW_RISK });
    expect(low).toMatchObject({ risk_level: "low", risk_reasons: [] });
    const details = (await call("reviewer", "GET", `/vendors/${low.id}/details`)).json();
    expect(details).toMatchObject({ risk_level: "low", risk_reasons: [] });
    expect((await call("reviewer", "GET", `/vendors/${low.id}/applications`)).json()).toEqual({ items: [], total: 0 });
    expect(details.details).toMatchObject({ ...LOW_RISK, hosting_regions: null, last_review_date: null });
  });

  it("edits the profile and answers; a partial set of answers is merged over the stored ones, and audited", async () => {
    const vendor = await createVendor("admin", { name: "Editable Vendor", details: LOW_RISK });
    const res = await call("contributor", "PUT", `/vendors/${vendor.id}`, {
      description: "Hosts models",
      status: "under_review",
      details: { provides_foundation_model: true, last_review_date: "2026-10-01" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ description: "Hosts models", status: "under_review", risk_level: "medium", risk_reasons: ["V-FOUNDATION-MODEL"] });
    const details = (await call("admin", "GET", `/vendors/${vendor.id}/details`)).json().details;
    expect(details).toMatchObject({ ...LOW_RISK, provides_foundation_model: true, last_review_date: "2026-10-01" });
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, "vendor"), eq(auditLog.entityId, vendor.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(["vendor.created", "vendor.updated"]);
    expect(audits.find((a) => a.action === "vendor.updated")).toMatchObject({ before: { risk_level: "low" }, after: { risk_level: "medium", status: "under_review" } });
  });

  it("offboards instead of deleting: there is no DELETE", async () => {
    const vendor = await createVendor("admin", { name: "Leaving Vendor" });
    expect((await call("admin", "PUT", `/vendors/${vendor.id}`, { status: "offboarded" })).json().status).toBe("offboarded");
    expect((await call("admin", "DELETE", `/vendors/${vendor.id}`)).statusCode).toBe(404);
  });
});

describe("bad input", () => {
  it("refuses a duplicate name, whatever its case (409 naming the field)", async () => {
    await createVendor("admin", { name: "Twin Vendor" });
    const res = await call("admin", "POST", "/vendors", { name: "twin vendor" });
    expect(res.statusCode).toBe(409);
    expect(paths(res)).toEqual(["name"]);
    const other = await createVendor("admin", { name: "Twin Vendor Two" });
    const renamed = await call("admin", "PUT", `/vendors/${other.id}`, { name: "Twin Vendor" });
    expect(renamed.statusCode).toBe(409);
  });

  it("refuses names outside the name pattern", async () => {
    const res = await call("admin", "POST", "/vendors", { name: "Bad <name>" });
    expect(res.statusCode).toBe(400);
    expect(paths(res)).toContain("name");
  });

  it.each(["javascript:alert(1)", "ftp://files.example.com", "example.com", "https://", "file:///etc/passwd"])("refuses the website %s", async (website) => {
    const res = await call("admin", "POST", "/vendors", { name: `Site ${website.length}`, website });
    expect(res.statusCode).toBe(400);
    expect(paths(res)).toContain("website");
    expect(res.json().errors.find((e: { path: string }) => e.path === "website").message).toBe("vendors.validation.website");
  });

  it("accepts http and https websites and stores a blank one as none", async () => {
    expect((await createVendor("admin", { name: "Plain Http", website: "http://plain.example.org/ai" })).website).toBe("http://plain.example.org/ai");
    expect((await createVendor("admin", { name: "No Site", website: "  " })).website).toBeNull();
  });

  it("refuses unknown certification values and unknown questions (400 naming the field)", async () => {
    const res = await call("admin", "POST", "/vendors", { name: "Certified Maybe", details: { certifications: ["soc2_type2", "pci_dss"] } });
    expect(res.statusCode).toBe(400);
    expect(paths(res)).toEqual(["details.certifications.1"]);
    const vendor = await createVendor("admin", { name: "Certified Later" });
    const put = await call("admin", "PUT", `/vendors/${vendor.id}`, { details: { certifications: ["gold_star"], shoe_size: 9 } });
    expect(put.statusCode).toBe(400);
    expect(paths(put).sort()).toEqual(["details.certifications.0", "details.shoe_size"]);
  });
});

describe("who may do what", () => {
  it("everyone with a role reads; reviewers and approvers may not edit; no role, no vendors", async () => {
    const vendor = await createVendor("admin", { name: "Read Only Vendor" });
    for (const who of ["admin", "contributor", "reviewer", "approver"]) {
      expect((await call(who, "GET", "/vendors")).statusCode, who).toBe(200);
      expect((await call(who, "GET", `/vendors/${vendor.id}`)).statusCode, who).toBe(200);
      expect((await call(who, "GET", `/vendors/${vendor.id}/details`)).statusCode, who).toBe(200);
    }
    for (const who of ["reviewer", "approver"]) {
      expect((await call(who, "POST", "/vendors", { name: `By ${who}` })).statusCode, who).toBe(403);
      expect((await call(who, "PUT", `/vendors/${vendor.id}`, { description: "no" })).statusCode, who).toBe(403);
    }
    expect((await call("noroles", "GET", "/vendors")).statusCode).toBe(403);
    expect((await call("noroles", "GET", `/vendors/${vendor.id}`)).statusCode).toBe(404);
  });

  it("another company's Administrator neither sees nor reaches our vendors (404)", async () => {
    const vendor = await createVendor("admin", { name: "Our Secret Vendor" });
    const list = (await call("other", "GET", "/vendors?page_size=200")).json();
    expect(list.items.map((v: { name: string }) => v.name)).not.toContain("Our Secret Vendor");
    expect((await call("other", "GET", `/vendors/${vendor.id}`)).statusCode).toBe(404);
    expect((await call("other", "GET", `/vendors/${vendor.id}/details`)).statusCode).toBe(404);
    expect((await call("other", "GET", `/vendors/${vendor.id}/applications`)).statusCode).toBe(404);
    expect((await call("other", "PUT", `/vendors/${vendor.id}`, { status: "offboarded" })).statusCode).toBe(404);
    // Nor can they link it to one of their applications.
    const res = await call("other", "POST", "/applications", { name: "Their app", vendor_ids: [vendor.id] });
    expect(res.statusCode).toBe(404);
    expect(paths(res)).toEqual(["vendor_ids"]);
  });
});

describe("the list", () => {
  it("filters by q, status and risk level, sorts and pages in SQL", async () => {
    await createVendor("admin", { name: "Zeta Listing", description: "listing test", details: LOW_RISK });
    await createVendor("admin", { name: "Alpha Listing", description: "listing test", status: "under_review" });
    await createVendor("admin", { name: "Mid Listing", description: "listing test", details: { ...LOW_RISK, personal_data_processed: true } });
    const names = async (query: string) => (await call("reviewer", "GET", `/vendors?q=listing&${query}`)).json().items.map((v: { name: string }) => v.name);
    expect(await names("sort=name")).toEqual(["Alpha Listing", "Mid Listing", "Zeta Listing"]);
    expect(await names("sort=-name")).toEqual(["Zeta Listing", "Mid Listing", "Alpha Listing"]);
    expect(await names("sort=risk_level")).toEqual(["Alpha Listing", "Mid Listing", "Zeta Listing"]);
    expect(await names("risk_level=low&risk_level=medium&sort=name")).toEqual(["Mid Listing", "Zeta Listing"]);
    expect(await names("status=under_review")).toEqual(["Alpha Listing"]);
    const page = (await call("reviewer", "GET", "/vendors?q=listing&sort=name&page=2&page_size=2")).json();
    expect(page).toMatchObject({ total: 3, items: [{ name: "Zeta Listing" }] });
    expect((await call("reviewer", "GET", "/vendors?risk_level=extreme")).statusCode).toBe(400);
  });
});

describe("links to applications", () => {
  it("an application lists its vendors and names its foundation-model vendor; the vendor shows them with their tiers", async () => {
    const listedVendor = await createVendor("admin", { name: "Listed Link Vendor", details: LOW_RISK });
    const fmVendor = await createVendor("admin", { name: "Model Link Vendor", details: { ...LOW_RISK, provides_foundation_model: true } });
    const app = await createApplication("admin", {
      name: "Linked app",
      resource_group_id: customerAiGroupId,
      vendor_ids: [listedVendor.id],
      details: lowRiskDetails({ uses_foundation_model: true, foundation_model_vendor_id: fmVendor.id }),
    });
    expect(app.vendors).toEqual([{ id: listedVendor.id, name: "Listed Link Vendor", risk_level: "low" }]);
    const hidden = await createApplication("admin", { name: "Hidden linked app", vendor_ids: [listedVendor.id, fmVendor.id], details: lowRiskDetails() });
    const vendorDescriptor = app.risk_descriptors.find((d: { key: string }) => d.key === "vendor");
    expect(vendorDescriptor.rules).toEqual(["D-VENDOR", "D-VENDOR-FOUNDATION-MODEL"]);

    const asAdmin = (await call("admin", "GET", `/vendors/${listedVendor.id}/applications`)).json();
    expect(asAdmin.items.map((a: { name: string }) => a.name)).toEqual(["Hidden linked app", "Linked app"]);
    expect(asAdmin.items[1]).toMatchObject({ risk_tier: "low", approval_status: "draft", uses: ["listed"] });
    expect(asAdmin.total).toBe(2);
    // A page at a time, in the order asked for.
    const second = (await call("admin", "GET", `/vendors/${listedVendor.id}/applications?page=2&page_size=1&sort=-name`)).json();
    expect(second).toMatchObject({ total: 2, items: [{ name: "Hidden linked app" }] });
    expect((await call("admin", "GET", `/vendors/${listedVendor.id}/applications?sort=owner`)).statusCode).toBe(400);
    const fm = (await call("admin", "GET", `/vendors/${fmVendor.id}/applications`)).json();
    expect(fm.items.find((a: { id: string }) => a.id === app.id).uses).toEqual(["foundation_model"]);
    // The contributor reads only the applications their group reaches, in the list and in the count.
    const asContributor = (await call("contributor", "GET", `/vendors/${listedVendor.id}/applications`)).json();
    expect(asContributor.items.map((a: { id: string }) => a.id)).toEqual([app.id]);
    expect((await call("contributor", "GET", `/vendors/${listedVendor.id}`)).json().application_count).toBe(1);
    expect((await call("admin", "GET", `/vendors/${listedVendor.id}`)).json().application_count).toBe(2);
    expect(hidden.vendors).toHaveLength(2);
    // The foundation-model vendor counts both ways of use, each application once, in the reader's reach, on the list too.
    const both = await createApplication("admin", {
      name: "Model listed and named",
      vendor_ids: [fmVendor.id],
      details: lowRiskDetails({ uses_foundation_model: true, foundation_model_vendor_id: fmVendor.id }),
    });
    expect(both.vendors).toHaveLength(1);
    const counts = async (who: string) =>
      Object.fromEntries(
        ((await call(who, "GET", "/vendors?q=Link%20Vendor&sort=-application_count")).json().items as { name: string; application_count: number }[]).map((v) => [v.name, v.application_count]),
      );
    expect(await counts("admin")).toEqual({ "Model Link Vendor": 3, "Listed Link Vendor": 2 });
    expect(await counts("contributor")).toEqual({ "Model Link Vendor": 1, "Listed Link Vendor": 1 });
  });

  it("refuses a foundation-model vendor or listed vendor that is not the company's, naming the field", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const res = await call("admin", "POST", "/applications", { name: "Dangling", details: lowRiskDetails({ uses_foundation_model: true, foundation_model_vendor_id: missing }) });
    expect(res.statusCode).toBe(404);
    expect(paths(res)).toEqual(["details.foundation_model_vendor_id"]);
    const app = await createApplication("admin", { name: "Dangling later", details: lowRiskDetails() });
    const put = await call("admin", "PUT", `/applications/${app.id}`, { vendor_ids: [missing] });
    expect(put.statusCode).toBe(404);
    expect(paths(put)).toEqual(["vendor_ids"]);
  });

  it("editing vendor_ids re-classifies the application, records an assessment and audits the change", async () => {
    const vendor = await createVendor("admin", { name: "Added Later Vendor", details: LOW_RISK });
    const app = await createApplication("admin", { name: "Vendorless app", details: lowRiskDetails() });
    expect(app.risk_descriptors).toEqual([]);
    const res = await call("admin", "PUT", `/applications/${app.id}`, { vendor_ids: [vendor.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().risk_descriptors).toEqual([{ key: "vendor", rules: ["D-VENDOR"] }]);
    expect(res.json().vendors.map((v: { id: string }) => v.id)).toEqual([vendor.id]);
    expect((await call("admin", "GET", `/applications/${app.id}/assessments`)).json().items[0].rules_fired).toEqual(["T-LOW", "D-VENDOR"]);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, app.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["vendors.updated", "classification.changed"]));
    const cleared = await call("admin", "PUT", `/applications/${app.id}`, { vendor_ids: [] });
    expect(cleared.json()).toMatchObject({ risk_descriptors: [], vendors: [] });
  });

  it("a vendor becoming high risk flags the vendor descriptor of every application that uses it, with the reason, recording an assessment", async () => {
    const vendor = await createVendor("contributor", { name: "Turning Vendor", details: LOW_RISK });
    const listed = await createApplication("admin", { name: "Uses turning vendor", vendor_ids: [vendor.id], details: lowRiskDetails() });
    const viaModel = await createApplication("admin", {
      name: "Models on turning vendor",
      details: lowRiskDetails({ uses_foundation_model: true, foundation_model_vendor_id: vendor.id }),
    });
    const bystander = await createApplication("admin", { name: "Bystander app", details: lowRiskDetails() });

    const res = await call("contributor", "PUT", `/vendors/${vendor.id}`, { details: { trains_on_customer_data: true } });
    expect(res.json()).toMatchObject({ risk_level: "high", risk_reasons: ["V-TRAINS-ON-CUSTOMER-DATA"] });

    const first = (await call("admin", "GET", `/applications/${listed.id}/details`)).json();
    expect(first.risk_descriptors).toEqual([{ key: "vendor", rules: ["D-VENDOR", "D-VENDOR-HIGH-RISK"] }]);
    expect(first.rules_fired).toContain("D-VENDOR-HIGH-RISK");
    const second = (await call("admin", "GET", `/applications/${viaModel.id}/details`)).json();
    expect(second.risk_descriptors.find((d: { key: string }) => d.key === "vendor").rules).toEqual(["D-VENDOR", "D-VENDOR-FOUNDATION-MODEL", "D-VENDOR-HIGH-RISK"]);
    // Creation records no assessment; the vendor's new risk records one.
    for (const app of [listed, viaModel]) {
      const assessments = (await call("admin", "GET", `/applications/${app.id}/assessments`)).json();
      expect(assessments.total).toBe(1);
      expect(assessments.items[0].rules_fired).toContain("D-VENDOR-HIGH-RISK");
      const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, app.id), eq(auditLog.action, "classification.changed")));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorName: "Carlos Contributor", after: { vendor_id: vendor.id } });
    }
    expect((await call("admin", "GET", `/applications/${bystander.id}/assessments`)).json().total).toBe(0);

    // Back to low: the flag goes, with another assessment; an edit that keeps the level records none.
    await call("contributor", "PUT", `/vendors/${vendor.id}`, { details: { trains_on_customer_data: false } });
    expect((await call("admin", "GET", `/applications/${listed.id}`)).json().risk_descriptors).toEqual([{ key: "vendor", rules: ["D-VENDOR"] }]);
    await call("contributor", "PUT", `/vendors/${vendor.id}`, { description: "Still fine", details: { hosting_regions: ["eu"] } });
    expect((await call("admin", "GET", `/applications/${listed.id}/assessments`)).json().total).toBe(2);
  });

  it("a new link to a vendor already rated high flags the descriptor at once", async () => {
    const risky = await createVendor("admin", { name: "Already Risky Vendor" });
    const app = await createApplication("admin", { name: "Born risky", vendor_ids: [risky.id], details: lowRiskDetails() });
    expect(app.risk_descriptors).toEqual([{ key: "vendor", rules: ["D-VENDOR", "D-VENDOR-HIGH-RISK"] }]);
  });
});
