import type { Content } from "pdfmake/interfaces";
import { QUESTIONS, type QuestionDefinition } from "../../../../domain/risk";
import { approvalStatusLabelKey, developmentStatusLabelKey } from "../../../../domain/workflow";
import { vendorRiskLevelKey } from "../../../../domain/vendors";
import { factsTable, instant } from "../../pdf/document";
import { section } from "../section";
import { answeredVendorNames, answerText } from "./answers";

/** The questions that say what the application is for and who uses it, shown with its identity. */
const PURPOSE_QUESTIONS = ["purpose", "intended_users", "ai_type", "uses_foundation_model", "foundation_model_vendor_id", "business_criticality"];

/** Who and what: name, description, owner, vendors, purpose and intended users, where it stands. */
export const identitySection = section({
  title: "reports.dossier.sections.identity",
  load: ({ db, row }) => answeredVendorNames(db, row.companyId, row.details),
  render(vendorNames, { application: a, row, t }): Content[] {
    const details = row.details as Record<string, unknown>;
    const asked = (QUESTIONS as readonly QuestionDefinition[]).filter((q) => PURPOSE_QUESTIONS.includes(q.id) && (q.id !== "foundation_model_vendor_id" || details.uses_foundation_model === true));
    const vendorsText = a.vendors?.length
      ? a.vendors.map((v) => t("reports.dossier.identity.vendor", { name: v.name, risk: t(vendorRiskLevelKey(v.risk_level)) })).join("\n")
      : t("applications.noVendors");
    return [
      factsTable([
        [t("applications.fields.name"), a.name],
        [t("applications.fields.description"), a.description ?? "—"],
        [t("applications.fields.owner"), a.owner?.name ?? t("applications.noOwner")],
        [t("applications.fields.vendors"), vendorsText],
        ...asked.map((q): [string, string] => [t(`risk.questions.${q.id}.label`), answerText(q, details[q.id], t, vendorNames)]),
        [t("applications.fields.approvalStatus"), t(approvalStatusLabelKey(a.approval_status))],
        [t("reports.dossier.identity.approvedAt"), a.approved_at ? instant(a.approved_at) : "—"],
        [t("applications.fields.developmentStatus"), t(developmentStatusLabelKey(a.development_status))],
        [t("applications.fields.nextReviewDue"), a.next_review_due ?? "—"],
        [t("applications.fields.created"), instant(a.created_at)],
        [t("applications.fields.updated"), instant(a.updated_at)],
      ]),
    ];
  },
});
