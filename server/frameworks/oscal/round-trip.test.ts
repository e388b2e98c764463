import { describe, expect, it } from "vitest";
import { FRAMEWORKS, controlsForRequirement } from "../../../domain/frameworks";
import { catalogJson, readOscalCatalog } from "./index";

/** Reading a shipped framework's export gives the framework back: an import of it would rebuild the same library. */
describe.each(FRAMEWORKS.map((f) => [f.id, f] as const))("%s exported and read back", (_, framework) => {
  it("keeps its metadata, and each requirement's id, reference, title, statement, group, tiers, mapped controls and order", async () => {
    const draft = await readOscalCatalog(catalogJson(framework));
    expect(draft).toMatchObject({
      framework_id: framework.id,
      title: framework.name,
      version: framework.version,
      short_name: framework.short_name,
      status: framework.status,
      jurisdiction: framework.jurisdiction,
    });
    const groups = new Map(draft.groups.map((g) => [g.key, g]));
    const back = draft.requirements.map((r) => {
      const inner = groups.get(r.group!)!;
      const outer = inner.parent ? groups.get(inner.parent)! : inner;
      return {
        id: `${framework.key}:${r.id}`,
        ref: r.ref,
        title: r.title,
        summary: r.statement,
        guidance: r.guidance,
        parent: r.parent,
        group: outer.title,
        subgroup: inner.parent ? inner.label : undefined,
        subgroup_title: inner.parent ? inner.title : undefined,
        applies_to_tiers: r.applies_to_tiers,
        applies_from: r.applies_from,
        control_ids: r.control_ids,
        withdrawn: r.withdrawn,
      };
    });
    expect(back).toEqual(
      framework.requirements.map((r) => ({
        id: r.id,
        ref: r.ref,
        title: r.title,
        summary: r.summary,
        guidance: undefined,
        parent: undefined,
        group: r.group,
        subgroup: r.subgroup,
        subgroup_title: r.subgroup_title,
        applies_to_tiers: r.applies_to_tiers,
        applies_from: r.applies_from,
        control_ids: controlsForRequirement(r.id).map((c) => c.id),
        withdrawn: false,
      })),
    );
    expect(draft.requirements.map((r) => r.sort_id)).toEqual([...draft.requirements.map((r) => r.sort_id)].sort());
  });

  it("is the same bytes, UUID included, every time it is written", () => {
    expect(catalogJson(framework)).toBe(catalogJson(framework));
    expect(JSON.parse(catalogJson(framework)).catalog.uuid).toBe(JSON.parse(catalogJson({ ...framework })).catalog.uuid);
  });
});

describe("catalog UUIDs", () => {
  it("differ between frameworks and are version 5", () => {
    const uuids = FRAMEWORKS.map((f) => JSON.parse(catalogJson(f)).catalog.uuid as string);
    expect(new Set(uuids).size).toBe(FRAMEWORKS.length);
    for (const u of uuids) expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
