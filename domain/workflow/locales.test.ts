import { describe, expect, it } from "vitest";
import en from "../../locales/en/workflow.json";
import es from "../../locales/es/workflow.json";
import { APPROVAL_ACTIONS, APPROVAL_STATUSES, approvalActionLabelKey, approvalStatusLabelKey } from "./approval";
import { DEVELOPMENT_STATUSES, developmentStatusLabelKey } from "./development";
import { WORKFLOW_ERRORS } from "./move-check";

function leafKeys(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

const usedKeys = [
  ...APPROVAL_STATUSES.map(approvalStatusLabelKey),
  ...DEVELOPMENT_STATUSES.map(developmentStatusLabelKey),
  ...APPROVAL_ACTIONS.map(approvalActionLabelKey),
  ...WORKFLOW_ERRORS.map((e) => `workflow.errors.${e}`),
  "workflow.resetReasons.tierChanged",
  "workflow.resetReasons.detailsChangedMaterially",
].map((k) => k.slice("workflow.".length));

describe("workflow locales", () => {
  it("English has exactly the keys the workflow uses", () => {
    expect(leafKeys(en).sort()).toEqual([...usedKeys].sort());
  });

  it("Spanish has exactly the English keys, none empty", () => {
    expect(leafKeys(es).sort()).toEqual(leafKeys(en).sort());
    const texts = leafKeys(es).map((k) => k.split(".").reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], es));
    expect(texts.every((t) => typeof t === "string" && t.trim() !== "")).toBe(true);
  });
});
