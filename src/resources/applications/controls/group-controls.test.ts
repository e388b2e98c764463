import { describe, expect, it } from "vitest";
import type { ApplicationControl, ApplicationFramework } from "../../../../domain/entities/framework";
import { controlTotals, groupControls } from "./group-controls";

const progress = { applicable: 0, implemented: 0, not_applicable: 0, in_progress: 0, not_started: 0, progress: 0 };
const fw = (id: string, applies = true) => ({ framework_id: id, name: id, short_name: id, applies, progress }) as ApplicationFramework;
const req = (framework: string, ref: string) => ({ id: `${framework}:${ref}`, framework_id: framework, framework_short_name: framework, ref, title: `Title ${ref}` });
const control = (id: string, requirements: ReturnType<typeof req>[], extra: Partial<ApplicationControl> = {}) =>
  ({ id, requirements, status: "not_started", overdue: false, expired_evidence_count: 0, ...extra }) as ApplicationControl;

describe("groupControls", () => {
  it("lists a control once per framework, under its first requirement in reference order", () => {
    const controls = [
      control("C-A-01", [req("eu", "Art. 17"), req("eu", "Art. 9"), req("iso", "A.5.2")]),
      control("C-B-01", [req("eu", "Art. 10")]),
    ];
    const groups = groupControls([fw("eu"), fw("iso"), fw("nyc", false)], controls);
    expect(groups.map((g) => g.framework.framework_id)).toEqual(["eu", "iso"]);
    expect(groups[0].requirements.map((r) => [r.ref, r.controls.map((c) => c.id)])).toEqual([
      ["Art. 9", ["C-A-01"]],
      ["Art. 10", ["C-B-01"]],
    ]);
    expect(groups[1].controlCount).toBe(1);
  });

  it("counts done, overdue and expired evidence", () => {
    const totals = controlTotals([
      control("C-A-01", [], { status: "implemented" }),
      control("C-A-02", [], { status: "not_applicable" }),
      control("C-A-03", [], { overdue: true, expired_evidence_count: 2 }),
    ]);
    expect(totals).toEqual({ total: 3, done: 2, overdue: 1, expiredEvidence: 1 });
  });
});
