import { lazy } from "react";

/** The model endpoint card, loaded with its form after the tests: the grid shows first, without the form code. */
export const ModelEndpointCard = lazy(() => import("./ModelEndpointCard").then((m) => ({ default: m.ModelEndpointCard })));
