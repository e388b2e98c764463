import type { Control } from "../types";
import { GOVERNANCE_CONTROLS } from "./governance";
import { LIFECYCLE_CONTROLS } from "./lifecycle";
import { OPERATIONS_CONTROLS } from "./operations";
import { PEOPLE_CONTROLS } from "./people";

/** The control catalogue, in display order. */
export const CONTROLS: Control[] = [...GOVERNANCE_CONTROLS, ...LIFECYCLE_CONTROLS, ...PEOPLE_CONTROLS, ...OPERATIONS_CONTROLS];
