import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { PGlite } from "@electric-sql/pglite";
import { FRAMEWORKS, scopeMatches, type FrameworkScope } from "../../../domain/frameworks";
import { AI_TYPES, DECISIONS_ABOUT_PEOPLE, HIGH_RISK_AREAS, INTENDED_USERS } from "../../../domain/risk/questionnaire";
import { scopeSql } from "./scope-sql";

/** The SQL translation of a scope rule agrees with scopeMatches, the rule's one definition, on any answers. */
let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.query("create table answers (i int primary key, details jsonb not null)");
});
afterAll(async () => {
  await db?.close();
});

const FLAGS = ["uses_foundation_model", "profiles_people", "internet_facing", "processes_untrusted_input", "generated_content_shown_to_users", "output_relied_on_without_review"] as const;

const leaf: fc.Arbitrary<FrameworkScope> = fc.oneof(
  fc.constant({ always: true as const }),
  fc.constantFrom(...HIGH_RISK_AREAS).map((v) => ({ high_risk_areas_includes: v })),
  fc.constantFrom(...INTENDED_USERS).map((v) => ({ intended_users_includes: v })),
  fc.constantFrom(...DECISIONS_ABOUT_PEOPLE).map((v) => ({ decisions_about_people_not: v })),
  fc.constantFrom(...AI_TYPES).map((v) => ({ ai_type_is: v })),
  fc.constantFrom(...FLAGS).map((flag) => ({ flag })),
);
const { scope } = fc.letrec<{ scope: FrameworkScope }>((tie) => ({
  scope: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("scope"), { minLength: 1, maxLength: 3 }).map((any) => ({ any })),
    fc.array(tie("scope"), { minLength: 1, maxLength: 3 }).map((all) => ({ all })),
  ),
}));

/** Any answers of the shape scopes read (ScopeDetails): absent, null, empty, unknown options, several at once. */
const multi = (options: readonly string[]) => fc.oneof(fc.uniqueArray(fc.oneof(fc.constantFrom(...options), fc.string({ maxLength: 3 })), { maxLength: 4 }), fc.constant(null));
const single = (options: readonly string[]) => fc.oneof(fc.constantFrom(...options), fc.string({ maxLength: 3 }), fc.constant(null));
const details = fc.record(
  {
    high_risk_areas: multi(HIGH_RISK_AREAS),
    intended_users: multi(INTENDED_USERS),
    ai_type: single(AI_TYPES),
    decisions_about_people: single(DECISIONS_ABOUT_PEOPLE),
    ...Object.fromEntries(FLAGS.map((f) => [f, fc.oneof(fc.boolean(), fc.constant(null))])),
  },
  { requiredKeys: [] },
);

async function agreeOn(scopes: FrameworkScope[], answers: Record<string, unknown>[]) {
  await db.query("delete from answers");
  await db.query("insert into answers select ord::int - 1, value from jsonb_array_elements($1::jsonb) with ordinality as e(value, ord)", [JSON.stringify(answers)]);
  for (const s of scopes) {
    const { rows } = await db.query<{ i: number; m: boolean }>(`select i, (${scopeSql(s, "details")}) as m from answers order by i`);
    // The JSON round trip is what the database holds: undefined keys are absent there too.
    const expected = answers.map((a) => scopeMatches(s, JSON.parse(JSON.stringify(a))));
    expect(
      rows.map((r) => r.m),
      JSON.stringify(s),
    ).toEqual(expected);
  }
}

describe("scopeSql", () => {
  it("agrees with scopeMatches for every framework of the library", async () => {
    await agreeOn(
      FRAMEWORKS.map((f) => f.scope),
      fc.sample(details, { numRuns: 400, seed: 26 }),
    );
  });

  it("agrees with scopeMatches for generated rules over generated answers", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(scope, { minLength: 1, maxLength: 8 }), fc.array(details, { minLength: 1, maxLength: 40 }), agreeOn),
      { numRuns: 60 },
    );
  });

  it("never reads a rule's value as SQL", () => {
    expect(scopeSql({ ai_type_is: "x' or true --" as never }, "d")).toContain("'x'' or true --'");
  });
});
