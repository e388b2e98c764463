import { and, eq, inArray } from "drizzle-orm";
import type { ApplicationDetails } from "../../../domain/risk";
import { emptyVendorDetails, vendorRisk, type VendorDetails } from "../../../domain/vendors";
import { classificationColumns, classifyDetails } from "../../applications/classification";
import { usedVendorIds, vendorContext } from "../../applications/vendors";
import { recordAudit, type Actor } from "../../audit/record";
import type { Db } from "../client";
import { applicationAssessments, applications, applicationVendors, vendors } from "../schema";

interface DemoVendor {
  name: string;
  website: string;
  description: string;
  servicesProvided: string;
  contact: string;
  details: Partial<VendorDetails>;
  /** Demo applications that list the vendor among those they use. */
  listedBy?: string[];
  /** Demo applications whose foundation model it provides. */
  foundationModelOf?: string[];
}

/** Three vendors at three risk levels, linked to the demo applications that use them. */
const DEMO_VENDORS: DemoVendor[] = [
  {
    // Medium: provides a foundation model and processes personal data, under a signed agreement.
    name: "Lumina Models",
    website: "https://lumina-models.example.com",
    description: "Large language models offered through an API.",
    servicesProvided: "Hosted foundation models for chat, summarising and retrieval-augmented answers.",
    contact: "Priya Nair, enterprise account manager, priya.nair@lumina-models.example.com",
    details: {
      provides_foundation_model: true,
      hosting_regions: ["eu", "us"],
      trains_on_customer_data: false,
      data_retention_period: "up_to_30_days",
      personal_data_processed: true,
      dpa_signed: true,
      certifications: ["soc2_type2", "iso_27001"],
      subprocessors_disclosed: true,
      security_incident_last_24_months: false,
      last_review_date: "2026-09-15",
    },
    foundationModelOf: ["Policy Q&A assistant", "Support chatbot", "Marketing copy generator"],
  },
  {
    // High: trains its ranking models on the candidates' data its customers send.
    name: "TalentSift",
    website: "https://talentsift.example.com",
    description: "Candidate screening and ranking for recruiters.",
    servicesProvided: "CV parsing, candidate scoring and shortlist ranking.",
    contact: "support@talentsift.example.com",
    details: {
      provides_foundation_model: false,
      hosting_regions: ["us"],
      trains_on_customer_data: true,
      data_retention_period: "over_1_year",
      personal_data_processed: true,
      dpa_signed: true,
      certifications: [],
      subprocessors_disclosed: false,
      security_incident_last_24_months: false,
      last_review_date: "2026-03-02",
    },
    listedBy: ["CV screening ranker"],
  },
  {
    // Low: no personal data, no training on customer data, every certification.
    name: "Nimbus ML Cloud",
    website: "https://nimbus-ml.example.com",
    description: "Managed platform for training and serving machine-learning models.",
    servicesProvided: "Model training, feature store and managed inference endpoints.",
    contact: "Nimbus customer success, success@nimbus-ml.example.com",
    details: {
      provides_foundation_model: false,
      hosting_regions: ["eu"],
      trains_on_customer_data: false,
      data_retention_period: "none",
      personal_data_processed: false,
      dpa_signed: true,
      certifications: ["soc2_type2", "iso_27001", "iso_42001"],
      subprocessors_disclosed: true,
      security_incident_last_24_months: false,
      last_review_date: "2026-10-20",
    },
    listedBy: ["Warehouse demand forecast", "Fraud alert triage", "Invoice data extractor"],
  },
];

/**
 * Seeds Demo Co's vendors and links them to the demo applications (after seedApplications). The linked
 * applications are classified again with their vendors, and their seeded assessment with them: the demo
 * reads as if the vendors had been answered from the start.
 */
export async function seedVendors(db: Db, companyId: string): Promise<void> {
  const system: Actor = { id: null, type: "system", name: "Steward demo data", companyId };
  const touched = new Set<string>();
  const apps = await db.select({ id: applications.id, name: applications.name, details: applications.details }).from(applications).where(eq(applications.companyId, companyId));
  const appId = (name: string) => {
    const found = apps.find((a) => a.name === name);
    if (!found) throw new Error(`seed: no demo application "${name}"`);
    return found;
  };

  for (const demo of DEMO_VENDORS) {
    const details: VendorDetails = { ...emptyVendorDetails(), ...demo.details };
    const risk = vendorRisk(details);
    const [vendor] = await db
      .insert(vendors)
      .values({ companyId, name: demo.name, website: demo.website, description: demo.description, servicesProvided: demo.servicesProvided, contact: demo.contact, details, riskLevel: risk.level, riskReasons: risk.reasons })
      .returning();
    await recordAudit(db, system, { entityType: "vendor", entityId: vendor.id, action: "vendor.created", after: { name: vendor.name, risk_level: risk.level, risk_reasons: risk.reasons } });
    for (const name of demo.listedBy ?? []) {
      const app = appId(name);
      await db.insert(applicationVendors).values({ companyId, applicationId: app.id, vendorId: vendor.id });
      touched.add(app.id);
    }
    for (const name of demo.foundationModelOf ?? []) {
      const app = appId(name);
      app.details = { ...app.details, foundation_model_vendor_id: vendor.id } as ApplicationDetails;
      await db.update(applications).set({ details: app.details }).where(eq(applications.id, app.id));
      touched.add(app.id);
    }
  }

  if (touched.size === 0) return;
  const links = await db.select().from(applicationVendors).where(inArray(applicationVendors.applicationId, [...touched]));
  for (const id of touched) {
    const app = apps.find((a) => a.id === id)!;
    const listed = links.filter((l) => l.applicationId === id).map((l) => l.vendorId);
    const result = classifyDetails(app.details, await vendorContext(db, companyId, usedVendorIds(listed, app.details)));
    await db.update(applications).set(classificationColumns(result)).where(eq(applications.id, id));
    await db
      .update(applicationAssessments)
      .set({ details: app.details, riskTier: result.risk_tier, riskDescriptors: result.risk_descriptors, rulesFired: result.rules_fired })
      .where(and(eq(applicationAssessments.applicationId, id), eq(applicationAssessments.companyId, companyId)));
  }
}
