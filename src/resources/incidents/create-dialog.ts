import { lazy } from "react";

/** The record dialog, loaded when first opened: the list and the application's tab need none of the form code. */
export const IncidentCreateDialog = lazy(() => import("./IncidentCreateDialog").then((m) => ({ default: m.IncidentCreateDialog })));
