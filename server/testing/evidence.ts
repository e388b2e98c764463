import { todayIso, type Evidence } from "../../domain/entities/framework";
import { CONTROLS, frameworkByKey, type Control } from "../../domain/frameworks";
import type { ApplicationRow } from "../applications/row";
import type { Db } from "../db/client";
import { addEvidence } from "../frameworks/control-store";
import { applicableControlsOf, toEvidence } from "../frameworks/controls";
import type { CurrentUser } from "../identity/caller";
import { badRequest, conflict } from "../plugins/problem";
import type { DataSource } from "../../domain/entities/testing-task";
import type { FoundTestingTask } from "./store";

/**
 * The requirements a fairness test is evidence for: NYC LL144's annual bias audit and its impact ratios, the EU AI
 * Act's data governance (Art. 10: data examined for possible biases) and accuracy (Art. 15), and the NIST AI RMF's
 * MEASURE 2.11 (fairness and bias evaluated).
 */
export const BIAS_TESTING_REQUIREMENTS: readonly string[] = [
  "nyc-ll144:bias-audit",
  "nyc-ll144:impact-ratios",
  "eu-ai-act:art-10",
  "eu-ai-act:art-15",
  "nist-ai-rmf:MEASURE-2.11",
];

/**
 * Controls mapped to those requirements that a fairness test shows nothing about: the right to use the data,
 * generated content, and security testing share Art. 10 or 15 with bias testing but are proven otherwise.
 */
const NOT_SHOWN_BY_A_FAIRNESS_TEST = new Set(["C-DATA-02", "C-ROBUST-02", "C-SEC-01"]);

/** The catalogue's controls a ready fairness test may be evidence of, in catalogue order: defined once, here. */
export const BIAS_TESTING_CONTROLS: readonly Control[] = CONTROLS.filter(
  (c) => !NOT_SHOWN_BY_A_FAIRNESS_TEST.has(c.id) && c.requirement_ids.some((r) => BIAS_TESTING_REQUIREMENTS.includes(r)),
);

/**
 * An LLM fairness test also shows something of generated-output safeguards: it measures refusals and harmful bias
 * in what the model generates (EU AI Act Art. 15, NIST AI RMF MEASURE 2.5–2.6 through C-ROBUST-02).
 */
const SHOWN_BY_AN_LLM_TEST = new Set(["C-ROBUST-02"]);

/** The catalogue's controls a ready test of this data source may be evidence of, in catalogue order. */
export const evidenceControlsFor = (dataSource: DataSource | undefined): readonly Control[] =>
  dataSource === "fairness_llm_user" ? CONTROLS.filter((c) => SHOWN_BY_AN_LLM_TEST.has(c.id) || BIAS_TESTING_CONTROLS.includes(c)) : BIAS_TESTING_CONTROLS;

export interface EvidenceControl {
  control_id: string;
  name: string;
  /** The frameworks whose bias-testing requirements the control answers, by short name ("EU AI Act, NIST AI RMF"). */
  framework: string;
}

const frameworksOf = (control: Control) =>
  [...new Set(control.requirement_ids.filter((r) => BIAS_TESTING_REQUIREMENTS.includes(r) || (SHOWN_BY_AN_LLM_TEST.has(control.id) && r.startsWith("eu-ai-act:"))).map((r) => frameworkByKey(r.split(":")[0])?.short_name ?? r.split(":")[0]))].join(", ");

/** Of the application's applicable controls, those a fairness test (of this data source: ML by default) evidences. */
export async function evidenceControlsOf(db: Db, application: ApplicationRow, dataSource?: DataSource): Promise<Control[]> {
  const applicable = new Set((await applicableControlsOf(db, application)).map((c) => c.id));
  return evidenceControlsFor(dataSource).filter((c) => applicable.has(c.id));
}

export const toEvidenceControl = (control: Control): EvidenceControl => ({ control_id: control.id, name: control.name, framework: frameworksOf(control) });

/** A bias audit is annual: evidence from a test expires a year after the test finished. */
export function evidenceExpiry(finishedAt: Date): string {
  const expiry = new Date(finishedAt);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
  return todayIso(expiry);
}

/**
 * Makes a ready task evidence of one of the application's bias-testing controls: a link to its results page,
 * named after the test, speaking for the day it finished and expiring a year later (audited as any evidence). 409 for a task not ready or
 * more than a year old; 400 naming `control_id` for a control it cannot evidence.
 */
export async function addTestEvidence(db: Db, user: CurrentUser, application: ApplicationRow, task: FoundTestingTask, controlId: string, publicUrl: string): Promise<Evidence> {
  if (task.status !== "ready" || !task.finishedAt) throw conflict("Only a test with results can be evidence.");
  const control = (await evidenceControlsOf(db, application, task.dataSource)).find((c) => c.id === controlId);
  if (!control) throw badRequest("A fairness test is not evidence of this control of the application.", [{ path: "control_id", message: "testing.validation.evidenceControl" }]);
  const expiresOn = evidenceExpiry(task.finishedAt);
  if (expiresOn <= todayIso()) throw conflict("This test is more than a year old: run it again for current evidence.");
  const finished = todayIso(task.finishedAt);
  // An LLM test's results pages are keyed by the analysed document.
  const page = task.dataSource === "fairness_llm_user" && task.documentId ? `llm/${task.documentId}` : `${application.id}/${task.id}`;
  const created = await addEvidence(db, user, application, control, {
    kind: "link",
    name: task.name ? `${task.name} (${finished})` : `Fairness test (${finished})`,
    url: `${publicUrl}/application-testing/results/${page}`,
    effective_on: finished,
    expires_on: expiresOn,
  });
  return toEvidence(created);
}
