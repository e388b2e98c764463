import type { Framework } from "../types";
import { LIBRARY_VERSION } from "../version";
import { GOVERN } from "./govern";
import { MANAGE } from "./manage";
import { MAP } from "./map";
import { MEASURE } from "./measure";
import { NIST_KEY } from "./helpers";

export { NIST_FUNCTIONS } from "./helpers";

export const NIST_AI_RMF: Framework = {
  id: NIST_KEY,
  key: NIST_KEY,
  name: "NIST AI Risk Management Framework (AI RMF 1.0)",
  short_name: "NIST AI RMF",
  source_url: "https://doi.org/10.6028/NIST.AI.100-1",
  jurisdiction: "United States (voluntary guidance)",
  status: "Voluntary",
  key_dates: [{ date: "2023-01-26", label: "AI RMF 1.0 released" }],
  summary:
    "Voluntary US guidance for managing AI risk, organised in four functions: GOVERN sets culture and accountability, MAP frames context and risks, MEASURE analyses and tracks them, and MANAGE prioritises and treats them. Its 19 categories hold 72 subcategory outcomes.",
  version: LIBRARY_VERSION,
  scope: { always: true },
  scope_note: "Voluntary and organisation-wide: applies to every application once the organisation adopts it.",
  requirements: [...GOVERN, ...MAP, ...MEASURE, ...MANAGE],
};
