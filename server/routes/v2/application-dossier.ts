import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { applicationIdParamsSchema } from "../../../domain/entities/application";
import { PDF } from "../../../domain/entities/document";
import { findApplication } from "../../applications/store";
import { asDownload } from "../../exports/route";
import { LANGUAGES, languageOf, textsFor } from "../../i18n/texts";
import { problemResponses } from "../../plugins/problem";
import { dossierPdf } from "../../reports/dossier/dossier-pdf";
import { fileNamePart } from "../../testing/reports/file-name";

const dossierQuerySchema = z.strictObject({
  lang: z.enum(LANGUAGES).optional().describe("The dossier's language; by default Accept-Language's, else the caller's, else en"),
});

/** The application's dossier: everything Steward holds on it, as one PDF an auditor can read on its own. */
export default async function applicationDossierRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/applications/:id/dossier",
    {
      config: { features: ["data-export"] },
      schema: {
        tags: ["applications"],
        summary:
          "The application's dossier as PDF: identity, owner, vendors and purpose; risk tier with its meaning and rules; flagged descriptors; answers; assessments; approval and development history; frameworks with controls and evidence; tests; open incidents; activity",
        params: applicationIdParamsSchema,
        querystring: dossierQuerySchema,
        response: { 200: z.any().describe("The PDF"), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { row } = await findApplication(db(), request, request.params.id);
      const language = languageOf(request, request.query.lang);
      const pdf = await dossierPdf(db(), request, row, textsFor(language));
      const day = new Date().toISOString().slice(0, 10);
      return asDownload(reply, PDF, `${fileNamePart(row.name) || "application"}-dossier-${day}.pdf`, language).send(pdf);
    },
  );
}
