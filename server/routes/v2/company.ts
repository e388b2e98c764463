import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { problemSchema, staleVersionProblemSchema } from "../../../domain/api/problem";
import { companySchema, companyUpdateSchema } from "../../../domain/entities/company";
import { changeCompany, findCompany, loadCompany } from "../../company/store";
import { assertCan } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

/** The caller's own company: every signed-in user reads it, an Administrator changes it. */
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
        summary: "Change the company's name, size, industry or MFA policy",
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
      return withEtag(reply, await changeCompany(db(), companyId, request.body, expectedVersions(request)));
    },
  );
}
