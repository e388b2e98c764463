import { QUESTIONS, descriptorLabelKey, isDescriptorKey, isRiskTier, questionLabelKey, tierLabelKey } from "../risk";
import { approvalStatusLabelKey, developmentStatusLabelKey, isApprovalStatus, isDevelopmentStatus } from "../workflow";
import { FRAMEWORKS } from "../frameworks";

/** An audit entry of an application, as the activity log and the dossier word it. */
export interface ActivityEntry {
  action: string;
  before: unknown;
  after: unknown;
}

/** A translation function: a key (`application-detail.activity.change`) and its parameters to text. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The audit actions recorded against an application (server/applications, documents, controls, frameworks), by label key. */
const ACTION_KEYS: Record<string, string> = {
  "application.created": "applicationCreated",
  "details.updated": "detailsUpdated",
  "classification.changed": "classificationChanged",
  "approval.moved": "approvalMoved",
  "approval.reset": "approvalReset",
  "development.moved": "developmentMoved",
  "role.granted": "roleGranted",
  "role.revoked": "roleRevoked",
  "document.added": "documentAdded",
  "document.updated": "documentUpdated",
  "vendors.updated": "vendorsUpdated",
  "control.updated": "controlUpdated",
  "evidence.added": "evidenceAdded",
  "evidence.removed": "evidenceRemoved",
  "evidence.updated": "evidenceUpdated",
  "framework.setting_changed": "frameworkSettingChanged",
  "application.imported": "applicationImported",
};

const record = (value: unknown): Record<string, unknown> => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});
const frameworkName = (id: unknown) => FRAMEWORKS.find((f) => f.id === id)?.short_name ?? String(id ?? "");
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What an audit entry says, for people: a label for its action and a before → after summary, in `t`'s language. */
export function activityText(t: Translate): { what(entry: ActivityEntry): string; summary(entry: ActivityEntry): string } {
  const roleLabel = (name: string) => t(`access.roles.${name}`, { defaultValue: name });
  const tier = (value: unknown) => (value === null || isRiskTier(value) ? t(tierLabelKey(value)) : String(value));
  const approval = (value: unknown) => (isApprovalStatus(value) ? t(approvalStatusLabelKey(value)) : String(value ?? "—"));
  const development = (value: unknown) => (isDevelopmentStatus(value) ? t(developmentStatusLabelKey(value)) : String(value ?? "—"));
  const descriptors = (value: unknown) => {
    const keys = Array.isArray(value) ? value.filter(isDescriptorKey) : [];
    return keys.length ? keys.map((k) => t(descriptorLabelKey(k))).join(", ") : t("application-detail.activity.none");
  };
  const controlStatus = (value: unknown) => (typeof value === "string" ? t(`controls.statuses.${value}`, { defaultValue: value }) : "—");
  const onOff = (value: unknown) => t(value ? "application-detail.activity.on" : "application-detail.activity.off");

  const what = (entry: ActivityEntry) => {
    const key = ACTION_KEYS[entry.action];
    return key ? t(`application-detail.activity.actions.${key}`) : entry.action;
  };

  const summary = (entry: ActivityEntry): string => {
    const before = record(entry.before);
    const after = record(entry.after);
    const arrow = (from: string, to: string) => t("application-detail.activity.change", { from, to });
    switch (entry.action) {
      case "application.created":
        return t("application-detail.activity.createdSummary", { name: String(after.name ?? ""), tier: tier(after.risk_tier ?? null) });
      case "details.updated": {
        const from = record(before.details);
        const to = record(after.details);
        const changed = QUESTIONS.filter((q) => !same(from[q.id], to[q.id])).map((q) => t(questionLabelKey(q.id)));
        return changed.length ? t("application-detail.activity.answersChanged", { questions: changed.join(", ") }) : "";
      }
      case "classification.changed":
        return [
          arrow(tier(before.risk_tier ?? null), tier(after.risk_tier ?? null)),
          arrow(descriptors(before.risk_descriptors), descriptors(after.risk_descriptors)),
        ].join("; ");
      case "approval.moved":
        return arrow(approval(before.approval_status), approval(after.approval_status));
      case "approval.reset":
        return [arrow(approval(before.approval_status), approval(after.approval_status)), typeof after.reason === "string" ? t(after.reason) : ""]
          .filter(Boolean)
          .join(". ");
      case "development.moved":
        return arrow(development(before.development_status), development(after.development_status));
      case "role.granted":
        return t("application-detail.activity.grantSummary", { name: String(after.user ?? after.user_id ?? ""), role: roleLabel(String(after.role ?? "")) });
      case "role.revoked":
        return t("application-detail.activity.revokeSummary");
      case "document.added":
      case "document.updated":
        return String(after.name ?? "");
      case "control.updated":
        return `${String(after.control_id ?? "")}: ${arrow(controlStatus(before.status), controlStatus(after.status))}`;
      case "evidence.added":
        return t("application-detail.activity.evidenceSummary", { name: String(after.name ?? ""), control: String(after.control_id ?? "") });
      case "evidence.removed":
        return t("application-detail.activity.evidenceSummary", { name: String(before.name ?? ""), control: String(before.control_id ?? "") });
      case "evidence.updated": {
        const dates = (e: Record<string, unknown>) => `${String(e.effective_on ?? "—")} – ${String(e.expires_on ?? "—")}`;
        return `${t("application-detail.activity.evidenceSummary", { name: String(after.name ?? ""), control: String(after.control_id ?? "") })}: ${arrow(dates(before), dates(after))}`;
      }
      case "framework.setting_changed":
        return `${frameworkName(after.framework_id)}: ${arrow(onOff(before.enabled), onOff(after.enabled))}${typeof after.reason === "string" ? ` (${after.reason})` : ""}`;
      case "application.imported":
        return t("application-detail.activity.importSummary", { line: String(after.line ?? ""), outcome: t(`application-detail.activity.importOutcomes.${after.outcome === "updated" ? "updated" : "created"}`) });
      case "vendors.updated":
        return arrow(String(Array.isArray(before.vendor_ids) ? before.vendor_ids.length : 0), String(Array.isArray(after.vendor_ids) ? after.vendor_ids.length : 0));
      default:
        return [entry.before, entry.after].every((v) => v === null || v === undefined)
          ? ""
          : arrow(JSON.stringify(entry.before ?? null), JSON.stringify(entry.after ?? null));
    }
  };

  return { what, summary };
}
