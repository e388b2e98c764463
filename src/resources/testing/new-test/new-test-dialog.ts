import { lazy } from "react";

/** The "New test" dialog, loaded when first opened: the Testing tab needs none of the form code until then. */
export const NewTestDialog = lazy(() => import("./NewTestDialog").then((m) => ({ default: m.NewTestDialog })));
