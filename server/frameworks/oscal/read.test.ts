import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_CONTROL_DEPTH, OscalReadError, readOscalCatalog, type FrameworkDraft } from "./index";

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/oscal/${name}`, import.meta.url));
const byId = (draft: FrameworkDraft) => new Map(draft.requirements.map((r) => [r.id, r]));

describe("reading Steward's sample catalog", () => {
  it("reads groups, nested controls with their parents, guidance, links and the withdrawn control, in document order", async () => {
    const draft = await readOscalCatalog(fixture("steward-sample-catalog.json"));
    expect(draft).toMatchObject({ uuid: "0b7f3c52-2d7e-4c1b-9a3e-5f6a7b8c9d01", title: "Steward Sample AI Controls", version: "0.3", oscal_version: "1.1.2" });
    expect(draft.links).toEqual([{ href: "https://example.org/sample-ai-controls", rel: "source", text: "Sample AI controls" }]);
    expect(draft.groups).toEqual([{ key: "gov", label: "GOV", title: "Governance" }]);
    expect(draft.requirements.map((r) => [r.id, r.oscal_id, r.parent ?? null, r.group ?? null])).toEqual([
      ["GOV-1", "gov-1", null, "gov"],
      ["GOV-1(1)", "gov-1.1", "GOV-1", "gov"],
      ["GOV-1(1)(a)", "gov-1.1.1", "GOV-1(1)", "gov"],
      ["GOV-1(2)", "gov-1.2", "GOV-1", "gov"],
      ["GOV-2", "gov-2", null, "gov"],
      ["ops-1", "ops-1", null, null],
    ]);
    const requirements = byId(draft);
    expect(requirements.get("GOV-1")).toMatchObject({
      title: "AI policy",
      class: "SP800-53",
      sort_id: "gov-01",
      guidance: "A policy nobody reads steers nothing: publish it where the work happens.",
      links: [{ href: "#gov-2", rel: "related" }],
      withdrawn: false,
    });
    expect(requirements.get("GOV-2")).toMatchObject({ control_ids: ["C-GOV-01"], guidance: "The owner can stop the system." });
    expect(requirements.get("GOV-1(2)")).toMatchObject({ withdrawn: true, statement: "", links: [{ href: "#gov-2", rel: "incorporated-into" }] });
  });

  it("writes the statement's items on their own lines and its parameters out: set values, assignments, selections, guidelines", async () => {
    const requirements = byId(await readOscalCatalog(fixture("steward-sample-catalog.json")));
    expect(requirements.get("GOV-1")!.statement).toBe(
      [
        "The organization:",
        "a. Approves an AI policy, reviewed every [Assignment: review frequency] by the chief risk officer;",
        "  1. binding [Selection (one or more): employees; contractors; vendors reviewed by [Assignment: review body]]; and",
        "b. Publishes it through [Assignment: the channels the policy is published on], [Selection: yearly; quarterly].",
      ].join("\n"),
    );
    // The catalog's own parameters reach every control.
    expect(requirements.get("ops-1")!.statement).toBe("Serious incidents are reported to [Assignment: review body] within [Assignment: time period].");
  });
});

describe("reading NIST's basic catalog", () => {
  it("reads its nested groups, labels as ids, selections and guidance", async () => {
    const draft = await readOscalCatalog(fixture("basic-catalog.json"));
    expect(draft).toMatchObject({ title: "Sample Security Catalog *for Demonstration* and Testing", version: "1.1", oscal_version: "1.1.2" });
    expect(draft.groups.map((g) => [g.key, g.title, g.parent ?? null])).toEqual([
      ["s1", "Organization of Information Security", null],
      ["s1.1", "Internal Organization", "s1"],
      ["s2", "Access control", null],
      ["s2.1", "Business requirements of access control", "s2"],
    ]);
    expect(draft.requirements.map((r) => [r.id, r.oscal_id, r.title, r.group])).toEqual([
      ["1.1.1", "s1.1.1", "Information security roles and responsibilities", "s1.1"],
      ["1.1.2", "s1.1.2", "Segregation of duties", "s1.1"],
      ["2.1.1", "s2.1.1", "Access control policy", "s2.1"],
      ["2.1.2", "s2.1.2", "Access to networks and network services", "s2.1"],
    ]);
    const first = draft.requirements[0]!;
    expect(first.statement).toContain(
      "A value has been assigned to [Selection (one or more): initiating a device lock after [Assignment: a duration] of inactivity; requiring the user to initiate a device lock before leaving the system unattended].",
    );
    expect(first.guidance).toMatch(/^Allocation of information security responsibilities should be done/);
    expect(draft.requirements.every((r) => !r.withdrawn && r.parent === undefined)).toBe(true);
    expect(draft.requirements[2]!.statement).toBe("An access control policy should be established, documented and reviewed based on business and information security requirements.");
  });
});

const catalog = (body: Record<string, unknown>) => ({
  catalog: { uuid: "0b7f3c52-2d7e-4c1b-9a3e-5f6a7b8c9d02", metadata: { title: "T", "last-modified": "2026-01-01T00:00:00Z", version: "1", "oscal-version": "1.0.4" }, ...body },
});
const control = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: `Control ${id}`, ...extra });
/** A control holding `levels` levels of controls, itself included. */
const nested = (levels: number): Record<string, unknown> => (levels === 1 ? control("c1") : control(`c${levels}`, { controls: [nested(levels - 1)] }));

const deepParts = (levels: number): Record<string, unknown> => (levels === 1 ? { name: "item", prose: "x" } : { name: "item", parts: [deepParts(levels - 1)] });

async function refusal(input: unknown, maxBytes?: number): Promise<OscalReadError> {
  const error = await readOscalCatalog(typeof input === "string" ? input : JSON.stringify(input), { maxBytes }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OscalReadError);
  expect((error as OscalReadError).status).toBe(400);
  return error as OscalReadError;
}

describe("refusing what is not a catalog or breaks the model, with the JSON path", () => {
  it.each([
    ["not JSON", "{ catalog: ", /^\$: not JSON \(/],
    ["not an object", "[1, 2]", /^\$: expected an object$/],
    ["another OSCAL model", { profile: { uuid: "x" } }, /^\$\.catalog: required \(this is not an OSCAL catalog\)$/],
    ["no uuid", { catalog: { metadata: {} } }, /^\$\.catalog\.uuid: required$/],
    ["no metadata", { catalog: { uuid: "0b7f3c52-2d7e-4c1b-9a3e-5f6a7b8c9d02" } }, /^\$\.catalog\.metadata: required$/],
    ["an OSCAL version not read", { catalog: { ...catalog({}).catalog, metadata: { ...catalog({}).catalog.metadata, "oscal-version": "2.0.0" } } }, /^\$\.catalog\.metadata\["oscal-version"\]: OSCAL 2\.0\.0 is not read/],
    ["no controls", catalog({ groups: [{ title: "Empty" }] }), /^\$\.catalog: holds no controls$/],
    ["a control without id", catalog({ groups: [{ title: "A", controls: [control("a")] }, { title: "B" }, { title: "C", controls: [{ title: "No id" }] }] }), /^\$\.catalog\.groups\[2\]\.controls\[0\]\.id: required$/],
    ["an id that is not a token", catalog({ controls: [control("AC 1")] }), /^\$\.catalog\.controls\[0\]\.id: "AC 1" is not an OSCAL token/],
    ["a title that is not text", catalog({ controls: [{ id: "a", title: 7 }] }), /^\$\.catalog\.controls\[0\]\.title: expected a string$/],
    ["a group without title", catalog({ groups: [{ id: "g" }] }), /^\$\.catalog\.groups\[0\]\.title: required$/],
    ["controls that are not a list", catalog({ controls: { id: "a" } }), /^\$\.catalog\.controls: expected an array$/],
    ["a part without name", catalog({ controls: [control("a", { parts: [{ prose: "x" }] })] }), /^\$\.catalog\.controls\[0\]\.parts\[0\]\.name: required$/],
    ["a prop without value", catalog({ controls: [control("a", { props: [{ name: "label" }] })] }), /^\$\.catalog\.controls\[0\]\.props\[0\]\.value: required$/],
    ["a link without href", catalog({ controls: [control("a", { links: [{ rel: "related" }] })] }), /^\$\.catalog\.controls\[0\]\.links\[0\]\.href: required$/],
    ["a repeated control id", catalog({ controls: [control("a"), control("b", { controls: [control("a")] })] }), /^\$\.catalog\.controls\[1\]\.controls\[0\]\.id: duplicate id "a" \(first at \$\.catalog\.controls\[0\]\.id\)$/],
    ["a control id repeating a group's", catalog({ groups: [{ id: "a", title: "A", controls: [control("a")] }] }), /^\$\.catalog\.groups\[0\]\.controls\[0\]\.id: duplicate id "a"/],
    ["a repeated label", catalog({ controls: [control("a", { props: [{ name: "label", value: "A-1" }] }), control("b", { props: [{ name: "label", value: "A-1" }] })] }), /^\$\.catalog\.controls\[1\]\.props\[0\]\.value: duplicate id "A-1"/],
    ["a repeated parameter id", catalog({ controls: [control("a", { params: [{ id: "p" }, { id: "p" }] })] }), /^\$\.catalog\.controls\[0\]\.params\[1\]\.id: duplicate parameter id "p"$/],
    ["statement items nested too deep", catalog({ controls: [control("a", { parts: [{ name: "statement", parts: [deepParts(11)] }] })] }), /^\$\.catalog\.controls\[0\]\.parts\[0\](\.parts\[0\]){11}: parts nested deeper than 10 levels$/],
    ["controls nested too deep", catalog({ controls: [nested(MAX_CONTROL_DEPTH + 1)] }), /^\$\.catalog\.controls\[0\](\.controls\[0\]){10}: controls nested deeper than 10 levels$/],
  ])("%s", async (_, input, message) => {
    expect((await refusal(input)).message).toMatch(message);
  });

  it("reads controls nested as deep as allowed", async () => {
    const draft = await readOscalCatalog(JSON.stringify(catalog({ controls: [nested(MAX_CONTROL_DEPTH)] })));
    expect(draft.requirements).toHaveLength(MAX_CONTROL_DEPTH);
    expect(draft.requirements.at(-1)).toMatchObject({ id: "c1", parent: "c2" });
  });

  it("refuses a file over the byte limit, a stream as soon as it passes it", async () => {
    const body = JSON.stringify(catalog({ controls: [control("a")] }));
    expect((await refusal(body, 100)).message).toBe("$: the file is larger than 100 bytes");
    let read = 0;
    async function* chunks() {
      for (let i = 0; i < 1000; i++) {
        read++;
        yield Buffer.alloc(64, 0x20);
      }
    }
    await expect(readOscalCatalog(chunks(), { maxBytes: 1000 })).rejects.toThrow("$: the file is larger than 1000 bytes");
    expect(read).toBe(16);
  });
});
