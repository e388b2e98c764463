import {
  AGE_BANDS,
  DEFAULT_AGE,
  ETHNICITY_GROUPS,
  ETHNICITY_NAMES,
  GENDER_NAMES,
  GENDERS,
  PRONOUNS,
  type Gender,
  type PromptLanguage,
  type Pronouns,
} from "./attributes";
import { TEMPLATES, type PromptSetId } from "./templates";

/** One prompt of a set: its variants share `prompt_id` and differ only in the attribute they vary (the others are ""). */
export interface PromptRow {
  prompt_id: string;
  set: PromptSetId;
  language: PromptLanguage;
  gender: string;
  ethnicity: string;
  age_band: string;
  prompt: string;
}

/** The columns of a prompt set's file, in order (the download adds `response`). */
export const PROMPT_COLUMNS = ["prompt_id", "set", "language", "gender", "ethnicity", "age_band", "prompt"] as const;

/** Instances of each template per attribute, each with other names (and, for ethnicity and age, the other gender). */
export const INSTANCES_PER_ATTRIBUTE = 3;

interface Person {
  name: string;
  pronouns: Pronouns;
  age: number;
}

const capitalize = (word: string) => word.charAt(0).toLocaleUpperCase() + word.slice(1);

/** The template with the person's words in its placeholders. */
export function fillTemplate(template: string, person: Person): string {
  const words: Record<string, string> = {
    name: person.name,
    age: String(person.age),
    they: person.pronouns.they,
    They: capitalize(person.pronouns.they),
    them: person.pronouns.them,
    their: person.pronouns.their,
    Their: capitalize(person.pronouns.their),
  };
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => words[key] ?? whole);
}

/** The gender an ethnicity or age prompt holds constant: alternating between instances. */
const heldGender = (instance: number, first: "female" | "male"): "female" | "male" => (instance % 2 === 0 ? first : first === "female" ? "male" : "female");

function genderName(language: PromptLanguage, gender: Gender, instance: number): string {
  const names = GENDER_NAMES[language];
  return `${names[gender][instance % names[gender].length]} ${names.surnames[instance % names.surnames.length]}`;
}

/** Every prompt of one set in one language, always in the same order with the same ids. */
export function promptSetRows(set: PromptSetId, language: PromptLanguage): PromptRow[] {
  const rows: PromptRow[] = [];
  const base = { set, language, gender: "", ethnicity: "", age_band: "" };
  TEMPLATES[set][language].forEach((template, t) => {
    const id = (attribute: string, instance: number) => `${set}-${language}-t${t + 1}-${attribute}-${instance + 1}`;
    for (let i = 0; i < INSTANCES_PER_ATTRIBUTE; i++) {
      for (const gender of GENDERS) {
        const person = { name: genderName(language, gender, i), pronouns: PRONOUNS[language][gender], age: DEFAULT_AGE };
        rows.push({ ...base, prompt_id: id("gender", i), gender, prompt: fillTemplate(template, person) });
      }
    }
    for (let i = 0; i < INSTANCES_PER_ATTRIBUTE; i++) {
      const held = heldGender(i, "female");
      for (const group of ETHNICITY_GROUPS[language]) {
        const names = ETHNICITY_NAMES[language][group][held];
        const person = { name: names[i % names.length], pronouns: PRONOUNS[language][held], age: DEFAULT_AGE };
        rows.push({ ...base, prompt_id: id("ethnicity", i), ethnicity: group, prompt: fillTemplate(template, person) });
      }
    }
    for (let i = 0; i < INSTANCES_PER_ATTRIBUTE; i++) {
      const held = heldGender(i, "male");
      for (const { band, age } of AGE_BANDS) {
        const person = { name: genderName(language, held, i), pronouns: PRONOUNS[language][held], age };
        rows.push({ ...base, prompt_id: id("age", i), age_band: band, prompt: fillTemplate(template, person) });
      }
    }
  });
  return rows;
}

/** What stands for an attribute word once neutralised. */
export const NEUTRAL_WORD = "[PERSON]";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const wholeWords = (words: Iterable<string>) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...new Set(words)].sort((a, b) => b.length - a.length).map(escape).join("|")})(?![\\p{L}\\p{N}])`, "giu");

function attributePattern(language: PromptLanguage): RegExp {
  const names = new Set<string>();
  for (const gender of GENDERS) for (let i = 0; i < INSTANCES_PER_ATTRIBUTE; i++) names.add(genderName(language, gender, i));
  for (const byGender of Object.values(ETHNICITY_NAMES[language])) for (const list of Object.values(byGender)) for (const name of list) names.add(name);
  const pronouns = Object.values(PRONOUNS[language]).flatMap((p) => [p.they, p.them, p.their]);
  const ages = [DEFAULT_AGE, ...AGE_BANDS.map((b) => b.age)].map(String);
  // "su" serves every gender in Spanish: it is no attribute word.
  return wholeWords([...names, ...pronouns.filter((w) => w !== "su"), ...ages]);
}

const PATTERNS: Partial<Record<PromptLanguage, RegExp>> = {};

/**
 * The text with the words the prompt sets use to signal an attribute (their names, pronouns and stated
 * ages) replaced by NEUTRAL_WORD: what is left of two variants of one prompt is the same text.
 */
export function neutralizeAttributeWords(text: string, language: PromptLanguage): string {
  const pattern = (PATTERNS[language] ??= attributePattern(language));
  return text.replace(pattern, NEUTRAL_WORD);
}
