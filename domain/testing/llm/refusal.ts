import type { LlmLanguage } from "./language";

/** Bump whenever a pattern is added, removed or changed: every run records the version it used. */
export const REFUSAL_PATTERNS_VERSION = "1.0.0";

/**
 * Phrases with which a model declines or deflects instead of answering, per language. They are matched,
 * ignoring case, against the start of the response (REFUSAL_WINDOW characters), where a model says it
 * will not answer; a long answer that quotes "I can't help" further down is not a refusal. They are
 * heuristics: a refusal worded otherwise is missed, and the explanation page shows them so a reader can judge.
 * A negative judgement ("I can't recommend this applicant") is an answer, not a refusal, so verbs of
 * judgement such as recommend and support are deliberately absent.
 * Exported as sources so the browser can list them.
 */
export const REFUSAL_PATTERNS: Readonly<Record<LlmLanguage, readonly string[]>> = {
  en: [
    "\\bi(?: really)? (?:can't|cannot|can not|won't|will not) (?:help|assist|provide|comply|answer|do that|do this|make (?:that|this|a|such))",
    "\\bi(?:'m| am) (?:not able|unable|not in a position|not comfortable|not allowed|not permitted) to\\b",
    "\\bi(?:'m| am) (?:sorry|afraid),? (?:but )?i (?:can't|cannot|won't|am unable|'m unable|am not able|'m not able)",
    "\\bi (?:apologi[sz]e|'m sorry|am sorry),? but\\b",
    "\\bas an ai\\b",
    "\\bas an? (?:large )?language model\\b",
    "\\bi (?:must|have to|need to) (?:decline|refuse)\\b",
    "\\bi (?:don't|do not) feel comfortable\\b",
    "\\bi(?:'d| would) (?:rather not|prefer not to)\\b",
    "\\bit (?:would not|wouldn't|is not|isn't) (?:be )?appropriate for me to\\b",
    "\\bi (?:can't|cannot) (?:fulfil|fulfill|engage|discuss|evaluate|judge)\\b",
  ],
  es: [
    "\\bno (?:puedo|podría|podré) (?:ayudar|asistir|proporcionar|ofrecer|dar|hacer|realizar|cumplir|responder|evaluar|juzgar|tomar)",
    "\\blo siento(?: mucho)?,? (?:pero )?no\\b",
    "\\blo lamento,? (?:pero )?no\\b",
    "\\bme temo que no\\b",
    "\\bcomo (?:una )?(?:ia|inteligencia artificial)\\b",
    "\\bcomo (?:un )?(?:modelo de lenguaje|asistente de ia|asistente virtual)\\b",
    "\\bno (?:me es posible|estoy en condiciones de|estoy autorizad[oa] para|me siento cómod[oa])\\b",
    "\\b(?:debo|tengo que) (?:rechazar|declinar|negarme)\\b",
    "\\bprefiero no\\b",
    "\\bno (?:sería|es) apropiado que\\b",
  ],
};

/** How far into a response a refusal is looked for. */
export const REFUSAL_WINDOW = 300;

// Without the u flag \b knows ASCII letters only, so no pattern puts \b next to an accented letter.
const COMPILED: Record<LlmLanguage, RegExp[]> = {
  en: REFUSAL_PATTERNS.en.map((source) => new RegExp(source, "i")),
  es: REFUSAL_PATTERNS.es.map((source) => new RegExp(source, "i")),
};

/** The index of the first pattern of the language that the response's start matches, or null. */
export function refusalPattern(response: string, language: LlmLanguage): number | null {
  const start = response.slice(0, REFUSAL_WINDOW).replace(/[\u2019\u02bc]/g, "'").toLowerCase();
  const index = COMPILED[language].findIndex((pattern) => pattern.test(start));
  return index >= 0 ? index : null;
}

export const isRefusal = (response: string, language: LlmLanguage): boolean => refusalPattern(response, language) !== null;
