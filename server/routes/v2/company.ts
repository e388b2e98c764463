import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, eq } from "drizzle-orm";
import { problemSchema, staleVersionProblemSchema } from "../../../domain/api/problem";
import { companySchema, companyUpdateSchema, logoUrl, type Company } from "../../../domain/entities/company";
import type { Db } from "../../db/client";
import { companies, companyLogos } from "../../db/schema";
import { assertCan } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { atExpectedVersion, nextVersion, refuseIfStale } from "../../db/versions";
import { notFound } from "../../plugins/problem";

type CompanyRow = typeof companies.$inferSelect;

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

function toCompany(row: CompanyRow, logoSha256: string | null): Company {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    industry: row.industry,
    logo_url: logoSha256 ? logoUrl(logoSha256) : null,
    version: row.version,
  };
}

/** The stored logo's hash only: the bytes stay in the database unless the logo itself is asked for. */
async function logoSha256(db: Db, companyId: string): Promise<string | null> {
  const [logo] = await db.select({ sha256: companyLogos.sha256 }).from(companyLogos).where(eq(companyLogos.companyId, companyId));
  return logo?.sha256 ?? null;
}

async function findCompany(db: Db, companyId: string): Promise<CompanyRow> {
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

/** The caller's own company (spec §7 Company): every signed-in user reads it, an Administrator changes it. */
export default async function companyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;
  const companyOf = (request: FastifyRequest) => request.user.companyId;

  app.get(
    "/company",
    { schema: { tags: ["company"], summary: "The signed-in user's company", response: { 200: companySchema, ...problems } } },
    async (request) => loadCompany(db(), companyOf(request)),
  );

  app.patch(
    "/company",
    {
      schema: {
        tags: ["company"],
        summary: "Change the company's name, size or industry",
        description: WRITE_PRECONDITION,
        body: companyUpdateSchema,
        response: { 200: companySchema, ...problems, 412: staleVersionProblemSchema },
      },
      preParsing: async (request) => {
        assertCan(request, "update", "Company", "Only an Administrator can change the company.");
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request);
      await findCompany(db(), companyId);
      const expected = expectedVersions(request);
      const { name, size, industry } = request.body;
      const changes = {
        ...(name !== undefined && { name }),
        ...(size !== undefined && { size: orNull(size) }),
        ...(industry !== undefined && { industry: orNull(industry) }),
      };
      const [row] = await db()
        .update(companies)
        .set({ ...changes, version: nextVersion(companies), updatedAt: new Date() })
        .where(and(eq(companies.id, companyId), atExpectedVersion(companies, expected)))
        .returning();
      if (!row) {
        await refuseIfStale(db(), companies, eq(companies.id, companyId));
        throw notFound("Company");
      }
      return withEtag(reply, toCompany(row, await logoSha256(db(), companyId)));
    },
  );
}
