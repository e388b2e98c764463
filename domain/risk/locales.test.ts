import { describe, expect, it } from "vitest";
import en from "../../locales/en/risk.json";
import es from "../../locales/es/risk.json";
import { ruleReasonKey, type RuleId } from "./classify";
import { DESCRIPTOR_RULE_IDS } from "./descriptor-rules";
import { DESCRIPTOR_KEYS, descriptorDescriptionKey, descriptorLabelKey } from "./descriptors";
import { QUESTIONS, SECTION_IDS, optionLabelKey, questionHelpKey, questionLabelKey, sectionLabelKey } from "./questionnaire";
import { EXEMPTION_RULE_ID, TIER_RULE_IDS } from "./tier-rules";
import { RISK_TIERS, tierDetailMetricsKey, tierLabelKey, tierOutcomesKey } from "./tiers";

/** This one text stays in English for Spanish users too. */
const UNTRANSLATED_IN_ES = "descriptors.protected-class.description";

function leafKeys(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** Looks up a `risk.…` key the way i18next does, with "." between levels. */
function lookup(messages: unknown, key: string): unknown {
  const [area, ...path] = key.split(".");
  expect(area).toBe("risk");
  return path.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

function everyKeyTheDomainUses(): string[] {
  const keys: string[] = [];
  for (const tier of RISK_TIERS) keys.push(tierLabelKey(tier), tierDetailMetricsKey(tier), tierOutcomesKey(tier));
  keys.push(tierLabelKey(null), tierOutcomesKey(null));
  for (const key of DESCRIPTOR_KEYS) keys.push(descriptorLabelKey(key), descriptorDescriptionKey(key));
  for (const section of SECTION_IDS) keys.push(sectionLabelKey(section));
  for (const q of QUESTIONS) {
    keys.push(questionLabelKey(q.id), questionHelpKey(q.id));
    if ("options" in q) for (const value of q.options) keys.push(optionLabelKey(q.id, value));
  }
  const rules: RuleId[] = [...TIER_RULE_IDS, EXEMPTION_RULE_ID, ...DESCRIPTOR_RULE_IDS];
  for (const id of rules) keys.push(ruleReasonKey(id));
  return keys;
}

describe("risk locales", () => {
  it("English has a text for every key the risk model uses", () => {
    for (const key of everyKeyTheDomainUses()) {
      const text = lookup(en, key);
      expect(typeof text === "string" && text.trim().length > 0, key).toBe(true);
    }
  });

  it("English has no keys the risk model does not use, besides the yes/no answers", () => {
    const used = new Set(everyKeyTheDomainUses().map((k) => k.slice("risk.".length)));
    const unused = leafKeys(en).filter((k) => !used.has(k) && !k.startsWith("answers."));
    expect(unused).toEqual([]);
  });

  it("Spanish has exactly the English keys, except the untranslated protected-class description", () => {
    expect(leafKeys(es).sort()).toEqual(leafKeys(en).filter((k) => k !== UNTRANSLATED_IN_ES).sort());
  });

  it("Spanish texts are not empty", () => {
    for (const key of leafKeys(es)) expect(String(lookup(es, `risk.${key}`)).trim(), key).not.toBe("");
  });
});
