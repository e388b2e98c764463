import { describe, expect, it } from "vitest";
import en from "../../locales/en/incidents.json";
import es from "../../locales/es/incidents.json";
import {
  canMoveIncident,
  incidentCreateSchema,
  incidentFactErrors,
  INCIDENT_ERRORS,
  INCIDENT_SEVERITIES,
  incidentListQuerySchema,
  incidentPatchSchema,
  INCIDENT_STATUSES,
  INCIDENT_STATUS_MOVES,
  isReportOverdue,
  reportDeadline,
  reportDueSoon,
  SERIOUS_INCIDENT_TYPES,
} from "./incident";

const APP = "aaaaaaaa-0000-4000-8000-000000000001";

describe("reportDeadline (EU AI Act Art. 73)", () => {
  it("gives 10 days after detection where a person died", () => {
    expect(reportDeadline("2026-03-01T09:30:00.000Z", "death")).toBe("2026-03-11T09:30:00.000Z");
  });

  it.each(["widespread_infringement", "critical_infrastructure"] as const)("gives 2 days for %s", (type) => {
    expect(reportDeadline("2026-12-31T23:00:00.000Z", type)).toBe("2027-01-02T23:00:00.000Z");
  });

  it.each(["health_harm", "fundamental_rights", "property_environment"] as const)("gives 15 days for %s", (type) => {
    expect(reportDeadline("2026-02-20T12:00:00.000Z", type)).toBe("2026-03-07T12:00:00.000Z");
  });

  it("counts from the instant detected, whatever offset it was given in", () => {
    expect(reportDeadline("2026-03-01T01:00:00+02:00", "death")).toBe("2026-03-10T23:00:00.000Z");
    expect(reportDeadline(new Date("2026-03-01T00:00:00Z"), "health_harm")).toBe("2026-03-16T00:00:00.000Z");
  });

  it("has a period for every serious type", () => {
    for (const type of SERIOUS_INCIDENT_TYPES) expect(reportDeadline("2026-01-01T00:00:00Z", type)).toMatch(/^2026-01-(03|11|16)T/);
  });
});

describe("overdue and due-soon reports", () => {
  const now = new Date("2026-05-10T12:00:00Z");
  const serious = (deadline: string, reported_at: string | null = null) => ({ serious: true, reported_at, report_deadline: deadline });

  it("is overdue once the deadline has passed and nothing was reported", () => {
    expect(isReportOverdue(serious("2026-05-10T11:59:59Z"), now)).toBe(true);
    expect(isReportOverdue(serious("2026-05-10T12:00:00Z"), now)).toBe(false);
    expect(isReportOverdue(serious("2026-05-01T00:00:00Z", "2026-05-02T00:00:00Z"), now)).toBe(false);
    expect(isReportOverdue({ serious: false, reported_at: null, report_deadline: null }, now)).toBe(false);
  });

  it("is due soon within 5 days of the deadline, and when past it", () => {
    expect(reportDueSoon(serious("2026-05-15T12:00:00Z"), now)).toBe(true);
    expect(reportDueSoon(serious("2026-05-15T12:00:01Z"), now)).toBe(false);
    expect(reportDueSoon(serious("2026-05-01T00:00:00Z"), now)).toBe(true);
    expect(reportDueSoon(serious("2026-05-12T00:00:00Z", "2026-05-09T00:00:00Z"), now)).toBe(false);
  });
});

describe("status moves", () => {
  it("go open → investigating → resolved → closed, and reopen from resolved or closed", () => {
    const allowed = INCIDENT_STATUSES.flatMap((from) => INCIDENT_STATUSES.filter((to) => from !== to && canMoveIncident(from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(["closed→open", "investigating→resolved", "open→investigating", "resolved→closed", "resolved→open"]);
  });

  it("staying at a status is no move, and every move targets a known status", () => {
    for (const status of INCIDENT_STATUSES) expect(canMoveIncident(status, status)).toBe(true);
    for (const targets of Object.values(INCIDENT_STATUS_MOVES)) for (const to of targets) expect(INCIDENT_STATUSES).toContain(to);
  });
});

describe("the rules across fields", () => {
  const base = { occurred_at: "2026-05-01T10:00:00.000Z", detected_at: "2026-05-01T12:00:00.000Z", reported_at: null, serious: false, serious_type: null };

  it("name the field to fix", () => {
    expect(incidentFactErrors(base)).toEqual([]);
    expect(incidentFactErrors({ ...base, detected_at: "2026-05-01T09:00:00.000Z" })).toEqual([{ path: "detected_at", message: "incidents.validation.detectedBeforeOccurred" }]);
    expect(incidentFactErrors({ ...base, reported_at: "2026-05-01T11:00:00.000Z" })).toEqual([{ path: "reported_at", message: "incidents.validation.reportedBeforeDetected" }]);
    expect(incidentFactErrors({ ...base, serious: true })).toEqual([{ path: "serious_type", message: "incidents.validation.seriousTypeRequired" }]);
    expect(incidentFactErrors({ ...base, serious_type: "death" })).toEqual([{ path: "serious_type", message: "incidents.validation.seriousTypeNotSerious" }]);
  });

  it("compare instants, not the text of the timestamps", () => {
    expect(incidentFactErrors({ ...base, occurred_at: "2026-05-01T13:00:00+02:00", detected_at: "2026-05-01T12:00:00Z" })).toEqual([]);
  });
});

describe("the schemas", () => {
  const valid = { application_id: APP, title: " Wrong dosage advice ", severity: "high", detected_at: "2026-05-01T12:00:00+02:00" };

  it("take a new incident, trimmed, its timestamps in UTC", () => {
    const parsed = incidentCreateSchema.parse({ ...valid, description: "  " });
    expect(parsed).toMatchObject({ title: "Wrong dosage advice", detected_at: "2026-05-01T10:00:00.000Z", description: null });
  });

  it("refuse a client's deadline, a serious incident without a type and a detection before the occurrence", () => {
    const paths = (body: unknown) => (incidentCreateSchema.safeParse(body).error?.issues ?? []).map((i) => i.path.join("."));
    expect(paths({ ...valid, report_deadline: "2026-05-02T00:00:00Z" })).toEqual([""]);
    expect(paths({ ...valid, serious: true })).toEqual(["serious_type"]);
    expect(paths({ ...valid, occurred_at: "2026-05-02T00:00:00Z" })).toEqual(["detected_at"]);
    expect(paths({ ...valid, affected_people: -1, title: "" }).sort()).toEqual(["affected_people", "title"]);
    expect(paths({ ...valid, detected_at: "yesterday" })).toEqual(["detected_at"]);
    expect(paths({ ...valid, detected_at: "0202-05-01T00:00:00Z" })).toEqual(["detected_at"]);
  });

  it("refuse a corrective action id given twice, and a patch of the application", () => {
    const id = "bbbbbbbb-0000-4000-8000-000000000001";
    const twice = incidentPatchSchema.safeParse({ corrective_actions: [{ id, description: "a" }, { id, description: "b" }] });
    expect(twice.error?.issues.map((i) => i.path.join("."))).toEqual(["corrective_actions.1.id"]);
    expect(incidentPatchSchema.safeParse({ application_id: APP }).success).toBe(false);
    expect(incidentPatchSchema.parse({ status: "resolved" })).toEqual({ status: "resolved" });
  });

  it("read the overdue filter as a boolean", () => {
    expect(incidentListQuerySchema.parse({ overdue_report: "false" }).overdue_report).toBe(false);
    expect(incidentListQuerySchema.parse({ overdue_report: "true", severity: "high" })).toMatchObject({ overdue_report: true, severity: ["high"] });
    expect(incidentListQuerySchema.safeParse({ overdue_report: "yes" }).success).toBe(false);
  });
});

describe("the locales", () => {
  const has = (root: unknown, key: string) => typeof key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], root) === "string";
  const keys = [
    ...Object.values(INCIDENT_ERRORS).map((k) => k.slice("incidents.".length)),
    ...INCIDENT_SEVERITIES.map((s) => `severities.${s}`),
    ...INCIDENT_STATUSES.map((s) => `statuses.${s}`),
    ...SERIOUS_INCIDENT_TYPES.map((t) => `seriousTypes.${t}`),
  ];

  it.each([["en", en], ["es", es]] as const)("%s names every message, severity, status and serious type", (_, locale) => {
    expect(keys.filter((k) => !has(locale, k))).toEqual([]);
  });
});
