import type { AnySection } from "../section";
import { answersSection } from "./answers";
import { frameworksSection } from "./frameworks";
import { identitySection } from "./identity";
import { incidentsSection } from "./incidents";
import { activitySection, assessmentsSection, historySection } from "./records";
import { descriptorsSection, riskSection } from "./risk";
import { snapshotSection } from "./snapshot";
import { testingSection } from "./testing";

/**
 * The dossier's chapters, in the order they are printed (and listed in its table of contents). A new chapter
 * is one module (a `section({ title, load, render })`) and one line here.
 */
export const DOSSIER_SECTIONS: readonly AnySection[] = [
  identitySection,
  riskSection,
  descriptorsSection,
  answersSection,
  assessmentsSection,
  historySection,
  // What was decided on at the last approval or rejection, after the history that led to it.
  snapshotSection,
  frameworksSection,
  testingSection,
  incidentsSection,
  activitySection,
];
