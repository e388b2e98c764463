import type { FastifyRequest } from "fastify";
import type { Content } from "pdfmake/interfaces";
import { tierLabelKey } from "../../../domain/risk";
import { approvalStatusLabelKey } from "../../../domain/workflow";
import { applicationView } from "../../applications/store";
import type { ApplicationRow } from "../../applications/row";
import { findCompany, findLogo } from "../../company/store";
import type { Db } from "../../db/client";
import type { Texts } from "../../i18n/texts";
import { chapter, renderReport } from "../pdf/document";
import type { DossierContext } from "./section";
import { DOSSIER_SECTIONS } from "./sections";

/**
 * The application's dossier as a PDF an auditor can read on its own: a cover, the contents, then every
 * section (sections/index.ts) from the same data the API answers, in the reader's language.
 */
export async function dossierPdf(db: Db, request: FastifyRequest, row: ApplicationRow, t: Texts): Promise<Buffer> {
  const generatedAt = new Date();
  const [application, company, logo] = await Promise.all([applicationView(db, row.id), findCompany(db, row.companyId), findLogo(db, row.companyId)]);
  const context: DossierContext = { db, request, row, application, t };
  // Sections read one after another: on the embedded database queries run one at a time anyway, and a
  // pooled PostgreSQL is left connections for other requests.
  const body: Content[] = [];
  for (const s of DOSSIER_SECTIONS) body.push(chapter(t(s.title)), ...s.render(await s.load(context), context));
  return renderReport({
    t,
    title: t("reports.dossier.title"),
    subject: application.name,
    companyName: company.name,
    logo: logo ? { contentType: logo.contentType, bytes: logo.bytes } : null,
    generatedAt,
    facts: [
      [t("reports.dossier.company"), company.name],
      [t("applications.fields.riskTier"), t(tierLabelKey(application.risk_tier))],
      [t("applications.fields.approvalStatus"), t(approvalStatusLabelKey(application.approval_status))],
    ],
    intro: t("reports.dossier.intro"),
    body,
  });
}
