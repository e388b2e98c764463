import type { ApplicationControl, ApplicationFramework } from "../../../../domain/entities/framework";

interface RequirementGroup {
  /** The requirement's id, ref and title. */
  id: string;
  ref: string;
  title: string;
  controls: ApplicationControl[];
}

export interface FrameworkGroup {
  framework: ApplicationFramework;
  requirements: RequirementGroup[];
  controlCount: number;
}

const byRef = new Intl.Collator("en", { numeric: true });

/**
 * The Controls tab's layout: per applying framework, its requirements with the controls that meet them.
 * A control that meets several requirements of one framework is listed once, under the first (in
 * reference order); its other references show in the control's details.
 */
export function groupControls(frameworks: readonly ApplicationFramework[], controls: readonly ApplicationControl[]): FrameworkGroup[] {
  return frameworks
    .filter((f) => f.applies)
    .map((framework) => {
      const groups = new Map<string, RequirementGroup>();
      let controlCount = 0;
      for (const control of controls) {
        const mine = control.requirements.filter((r) => r.framework_id === framework.framework_id).sort((a, b) => byRef.compare(a.ref, b.ref));
        if (mine.length === 0) continue;
        controlCount += 1;
        const first = mine[0];
        const group = groups.get(first.id) ?? { id: first.id, ref: first.ref, title: first.title, controls: [] };
        group.controls.push(control);
        groups.set(first.id, group);
      }
      const requirements = [...groups.values()].sort((a, b) => byRef.compare(a.ref, b.ref));
      return { framework, requirements, controlCount };
    })
    .filter((g) => g.controlCount > 0);
}

export interface ControlTotals {
  total: number;
  done: number;
  overdue: number;
  expiredEvidence: number;
}

export function controlTotals(controls: readonly ApplicationControl[]): ControlTotals {
  return {
    total: controls.length,
    done: controls.filter((c) => c.status === "implemented" || c.status === "not_applicable").length,
    overdue: controls.filter((c) => c.overdue).length,
    expiredEvidence: controls.filter((c) => c.expired_evidence_count > 0).length,
  };
}
