import { and, eq } from "drizzle-orm";
import { logoUrl, type Company, type CompanyUpdate } from "../../domain/entities/company";
import type { Db } from "../db/client";
import { companies, companyLogos } from "../db/schema";
import { atExpectedVersion, nextVersion, refuseIfStale } from "../db/versions";
import type { ExpectedVersions } from "../plugins/concurrency";
import { notFound } from "../plugins/problem";

type CompanyRow = typeof companies.$inferSelect;

function toCompany(row: CompanyRow, logoSha256: string | null): Company {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    industry: row.industry,
    logo_url: logoSha256 ? logoUrl(logoSha256) : null,
    mfa_policy: row.mfaPolicy,
    version: row.version,
  };
}

/** The stored logo's hash only: the bytes stay in the database unless the logo itself is asked for. */
async function logoSha256(db: Db, companyId: string): Promise<string | null> {
  const [logo] = await db.select({ sha256: companyLogos.sha256 }).from(companyLogos).where(eq(companyLogos.companyId, companyId));
  return logo?.sha256 ?? null;
}

export async function findCompany(db: Db, companyId: string): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound("Company");
  return row;
}

/** The caller's company as the API shows it, logo URL included (also answered by the logo routes). */
export async function loadCompany(db: Db, companyId: string): Promise<Company> {
  return toCompany(await findCompany(db, companyId), await logoSha256(db, companyId));
}

/** Empty text clears an attribute, like null. */
const orNull = (value: string | null) => (value === null || value === "" ? null : value);

/** Changes the company's name, size or industry at the expected version if the caller sent one. */
export async function changeCompany(
  db: Db,
  companyId: string,
  input: CompanyUpdate,
  expected: ExpectedVersions,
): Promise<Company> {
  const { name, size, industry, mfa_policy } = input;
  const changes = {
    ...(name !== undefined && { name }),
    ...(size !== undefined && { size: orNull(size) }),
    ...(industry !== undefined && { industry: orNull(industry) }),
    ...(mfa_policy !== undefined && { mfaPolicy: mfa_policy }),
  };
  const [row] = await db
    .update(companies)
    .set({ ...changes, version: nextVersion(companies), updatedAt: new Date() })
    .where(and(eq(companies.id, companyId), atExpectedVersion(companies, expected)))
    .returning();
  if (!row) {
    await refuseIfStale(db, companies, eq(companies.id, companyId));
    throw notFound("Company");
  }
  return toCompany(row, await logoSha256(db, companyId));
}

/** The company's stored logo (bytes, type, size, hash), or undefined when it has none. */
export async function findLogo(db: Db, companyId: string) {
  const [logo] = await db.select().from(companyLogos).where(eq(companyLogos.companyId, companyId));
  return logo;
}

/** Stores the company's logo, replacing any previous one. */
export async function saveLogo(db: Db, companyId: string, logo: { contentType: string; bytes: Buffer; sha256: string }): Promise<void> {
  const values = { contentType: logo.contentType, bytes: logo.bytes, size: logo.bytes.length, sha256: logo.sha256, updatedAt: new Date() };
  await db
    .insert(companyLogos)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: companyLogos.companyId, set: values });
}

export async function deleteLogo(db: Db, companyId: string): Promise<void> {
  await db.delete(companyLogos).where(eq(companyLogos.companyId, companyId));
}
