import type { Content } from "pdfmake/interfaces";
import type { ApplicationControl, Evidence } from "../../../../domain/entities/framework";
import { applicationControlList, liveEvidence, toEvidence } from "../../../frameworks/controls";
import { applicationFrameworks } from "../../../frameworks/settings";
import type { Texts } from "../../../i18n/texts";
import { ALERT, dataTable, MUTED, muted, paragraph, subheading } from "../../pdf/document";
import { section } from "../section";

/** A piece of evidence in a line: its title, its link or that it is a file, and its expiry. */
function evidenceLine(e: Evidence, t: Texts): Content {
  const where = e.kind === "link" && e.url ? { text: e.url, link: e.url, color: "#1a56a8" } : { text: t("reports.dossier.frameworks.file"), color: MUTED };
  const expiry = e.expires_on
    ? { text: t(e.expired ? "reports.dossier.frameworks.expired" : "reports.dossier.frameworks.expires", { date: e.expires_on }), color: e.expired ? ALERT : MUTED, bold: e.expired }
    : { text: t("reports.dossier.frameworks.noExpiry"), color: MUTED };
  return { text: [{ text: e.name, bold: true }, " · ", where, " · ", expiry] };
}

function controlRow(c: ApplicationControl, frameworkId: string, evidence: Evidence[], t: Texts): Content[] {
  const status: Content = {
    stack: [
      t(`controls.statuses.${c.status}`),
      ...(c.status === "not_applicable" && c.justification ? [{ text: c.justification, color: MUTED, fontSize: 8.5 }] : []),
      ...(c.overdue ? [{ text: t("controls.overdue"), color: ALERT }] : []),
    ],
  };
  return [
    {
      stack: [
        { text: `${c.id} ${c.name}`, bold: true },
        { text: c.requirements.filter((r) => r.framework_id === frameworkId).map((r) => r.ref).join(", "), color: MUTED, fontSize: 8.5 },
      ],
    },
    status,
    { stack: [c.owner?.name ?? t("controls.noOwner"), ...(c.due_date ? [{ text: c.due_date, color: MUTED }] : [])] },
    evidence.length ? { stack: evidence.map((e) => evidenceLine(e, t)) } : { text: t("reports.dossier.frameworks.noEvidence"), color: MUTED },
  ];
}

/** The frameworks that apply (or were turned off, and why), then each framework's controls with status, owner and evidence. */
export const frameworksSection = section({
  title: "reports.dossier.sections.frameworks",
  async load({ db, row }) {
    const [frameworks, controls, evidence] = await Promise.all([applicationFrameworks(db, row), applicationControlList(db, row), liveEvidence(db, row.id)]);
    return { frameworks, controls, evidence: evidence.map(toEvidence) };
  },
  render({ frameworks, controls, evidence }, { t }): Content[] {
    const shown = frameworks.filter((f) => f.company_enabled);
    if (shown.length === 0) return [muted(t("reports.dossier.frameworks.none"))];
    const byControl = new Map<string, Evidence[]>();
    for (const e of evidence) byControl.set(e.control_id, [...(byControl.get(e.control_id) ?? []), e]);
    const overview = dataTable(
      [t("frameworks.tab.framework"), t("frameworks.tab.appliesHere"), t("frameworks.tab.progress")],
      shown.map((f) => [
        { stack: [{ text: f.name, bold: true }, ...(f.override !== null ? [{ text: `${t("frameworks.tab.overridden")}${f.reason ? `: ${f.reason}` : ""}`, color: MUTED, fontSize: 8.5 }] : [])] },
        t(f.applies ? "frameworks.tab.yes" : "frameworks.tab.no"),
        f.applies ? t("frameworks.progress.counts", { percent: Math.round(f.progress.progress * 100), done: f.progress.implemented + f.progress.not_applicable, total: f.progress.applicable }) : "—",
      ]),
      ["*", 90, 170],
    );
    const applying = shown.filter((f) => f.applies);
    const perFramework = applying.flatMap((f) => {
      const mine = controls.filter((c) => c.requirements.some((r) => r.framework_id === f.framework_id));
      return [
        subheading(f.name),
        mine.length
          ? dataTable(
              [t("controls.control"), t("controls.status"), t("controls.owner"), t("controls.evidenceColumn")],
              mine.map((c) => controlRow(c, f.framework_id, byControl.get(c.id) ?? [], t)),
              [150, 70, 80, "*"],
            )
          : muted(t("controls.empty")),
      ];
    });
    return [overview, ...(applying.length ? perFramework : [paragraph(t("reports.dossier.frameworks.noneApplies"))])];
  },
});
