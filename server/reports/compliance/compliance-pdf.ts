import type { Content, TableCell } from "pdfmake/interfaces";
import { tierLabelKey } from "../../../domain/risk";
import type { Logo } from "../pdf/document";
import { ALERT, chapter, dataTable, HAIRLINES, MUTED, muted, paragraph, renderReport } from "../pdf/document";
import type { Texts } from "../../i18n/texts";
import type { ComplianceReport, Counts } from "./model";

const STATUS_KEYS = { "In Effect": "inEffect", Voluntary: "voluntary", Passed: "passed" } as const;

export const countsText = (c: Counts, t: Texts) => t("reports.compliance.countsValue", { implemented: c.implemented, notApplicable: c.not_applicable, missing: c.missing });

/** The requirements table: a requirement's cell spans the rows of its mapped controls, each with its counts. */
function requirementsTable(report: ComplianceReport, t: Texts): Content {
  const number = (n: number, alert = false): TableCell => ({ text: String(n), alignment: "right", ...(alert && n > 0 ? { color: ALERT, bold: true } : {}) });
  const body: TableCell[][] = [
    [t("reports.compliance.columns.requirement"), t("reports.compliance.columns.control"), t("reports.compliance.columns.implemented"), t("reports.compliance.columns.notApplicable"), t("reports.compliance.columns.missing")].map(
      (text) => ({ text, style: "tableHeader" }),
    ),
  ];
  for (const { requirement, controls } of report.requirements) {
    const head: TableCell = { stack: [{ text: requirement.ref, bold: true }, { text: requirement.title, fontSize: 8.5 }], rowSpan: Math.max(1, controls.length) };
    if (controls.length === 0) {
      body.push([head, { text: t("reports.compliance.noControl"), color: MUTED }, "—", "—", "—"]);
      continue;
    }
    controls.forEach(({ control, counts }, i) => {
      body.push([i === 0 ? head : {}, `${control.id} ${control.name}`, number(counts.implemented), number(counts.not_applicable), number(counts.missing, true)]);
    });
  }
  return { table: { headerRows: 1, dontBreakRows: true, widths: [140, "*", 64, 64, 48], body }, layout: HAIRLINES, margin: [0, 0, 0, 8] };
}

/** The compliance report of one framework as a PDF: cover, contents, the applications in scope, the requirements with their counts, the gaps. */
export function compliancePdf(report: ComplianceReport, meta: { t: Texts; companyName: string; logo: Logo | null; generatedAt: Date }): Promise<Buffer> {
  const { t } = meta;
  const { framework } = report;
  const summary: Content[] = report.applications.length
    ? [
        dataTable(
          [t("reports.compliance.columns.application"), t("applications.fields.riskTier"), t("reports.compliance.columns.implemented"), t("reports.compliance.columns.notApplicable"), t("reports.compliance.columns.missing")],
          report.applications.map((a) => [a.name, t(tierLabelKey(a.tier)), { text: String(a.counts.implemented), alignment: "right" }, { text: String(a.counts.not_applicable), alignment: "right" }, { text: String(a.counts.missing), alignment: "right" }]),
          ["*", 80, 64, 64, 48],
        ),
      ]
    : [muted(t(report.setting.enabled ? "reports.compliance.noApplications" : "frameworks.notEnabled"))];
  const gaps: Content[] = report.gaps.length
    ? [
        dataTable(
          [t("reports.compliance.columns.requirement"), t("reports.compliance.columns.control"), t("reports.compliance.columns.application"), t("controls.status"), t("controls.owner"), t("controls.dueDate")],
          report.gaps.map((g) => [
            g.requirement.ref,
            `${g.control.id} ${g.control.name}`,
            g.application.name,
            t(`controls.statuses.${g.status}`),
            g.owner ?? t("controls.noOwner"),
            g.dueDate ? { text: g.overdue ? `${g.dueDate} · ${t("controls.overdue")}` : g.dueDate, color: g.overdue ? ALERT : undefined } : "—",
          ]),
          [75, "*", 95, 55, 70, 65],
        ),
      ]
    : [paragraph(t(report.applications.length ? "reports.compliance.noGaps" : "reports.compliance.nothingToMeet"))];
  return renderReport({
    t,
    title: t("reports.compliance.title"),
    subject: framework.name,
    companyName: meta.companyName,
    logo: meta.logo,
    generatedAt: meta.generatedAt,
    facts: [
      [t("reports.dossier.company"), meta.companyName],
      [t("reports.compliance.jurisdiction"), framework.jurisdiction],
      [t("reports.compliance.status"), t(`frameworks.status.${STATUS_KEYS[framework.status]}`)],
      [t("reports.compliance.version"), framework.version],
      [t("reports.compliance.enabled"), t(report.setting.enabled ? "frameworks.on" : "frameworks.off")],
      [t("reports.compliance.inScope"), String(report.applications.length)],
      [t("reports.compliance.overall"), countsText(report.counts, t)],
    ],
    intro: t("reports.compliance.intro"),
    body: [
      chapter(t("reports.compliance.sections.applications")),
      ...summary,
      chapter(t("reports.compliance.sections.requirements")),
      requirementsTable(report, t),
      chapter(t("reports.compliance.sections.gaps")),
      ...gaps,
    ],
  });
}
