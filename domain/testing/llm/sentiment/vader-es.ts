import { tokenize } from "../words";
import AFINN_ES from "./afinn-es.json";
import { compoundScore } from "./compound";
import { rememberedPerWord } from "./memo";

/**
 * Spanish sentiment: VADER's rules over a Spanish lexicon, since VADER's own lexicon is English. The lexicon is
 * the Spanish AFINN list the `natural` package ships (afinn-es.json, its words rated −5 to +5, see NOTICE.md),
 * put on VADER's scale (× 0.8, so ±5 reads as VADER's ±4). The rules are VADER's: a booster or dampener up to
 * three words before a word adds or takes 0.293 (× 0.95 two words back, × 0.9 three back), a negator up to
 * three words before it multiplies it by −0.74, words before "pero" count half and after it half again;
 * exclamation and question marks, the normalisation (sum ÷ √(sum² + 15)) and the rounding are VADER's compound
 * score (compound.ts).
 */

/** AFINN's −5..+5 onto VADER's −4..+4. */
export const AFINN_TO_VADER = 0.8;
const BOOST = 0.293;
const NEGATION = -0.74;
/** How far back (in words) a booster or a negator reaches, and how much a booster fades with distance. */
const REACH = 3;
const FADE = [1, 0.95, 0.9];
const LONGEST_PHRASE = 3;

/** The Spanish lexicon: the list's words and phrases (its emoji entries are never a word here), on VADER's scale. */
export const SPANISH_LEXICON: ReadonlyMap<string, number> = new Map(
  Object.entries(AFINN_ES as Record<string, number>).flatMap(([entry, valence]) => {
    const words = tokenize(entry);
    return words.length > 0 && words.join(" ") === entry.toLowerCase() ? [[entry.toLowerCase(), valence * AFINN_TO_VADER] as const] : [];
  }),
);

const NEGATORS = new Set(["no", "nunca", "jamás", "ni", "nada", "nadie", "ningún", "ninguno", "ninguna", "sin", "tampoco"]);
const BOOSTERS = new Set(["muy", "realmente", "sumamente", "extremadamente", "altamente", "tan", "increíblemente", "especialmente", "súper", "totalmente", "completamente", "absolutamente", "bastante"]);
const DAMPENERS = new Set(["algo", "apenas", "ligeramente", "poco", "casi"]);

/** The first words of the lexicon's phrases: only a word among them can start one. */
const PHRASE_STARTS = new Set([...SPANISH_LEXICON.keys()].filter((entry) => entry.includes(" ")).map((entry) => entry.split(" ")[0]!));

const valenceOf = rememberedPerWord(lookUp);

/** The lexicon entry a word is found under: itself, then without a plural, adverb or feminine ending (buena → bueno). */
function lookUp(word: string): number {
  const stems = [word];
  if (word.endsWith("mente")) stems.push(word.slice(0, -5));
  if (word.endsWith("es")) stems.push(word.slice(0, -2));
  if (word.endsWith("s")) stems.push(word.slice(0, -1));
  for (const stem of stems) {
    for (const form of stem.endsWith("a") ? [stem, `${stem.slice(0, -1)}o`, stem.slice(0, -1)] : [stem]) {
      const valence = SPANISH_LEXICON.get(form);
      if (valence !== undefined) return valence;
    }
  }
  return 0;
}

/**
 * Each word's valence; a phrase of the lexicon (por favor, vale la pena) scores once, on its first word. A negator
 * scores nothing of its own: the list rates "no" −1, but in Spanish it is the word of every negation.
 */
function valences(words: readonly string[]): number[] {
  const scores = new Array<number>(words.length).fill(0);
  for (let i = 0; i < words.length; i++) {
    let phrase = 0;
    for (let n = PHRASE_STARTS.has(words[i]!) ? Math.min(LONGEST_PHRASE, words.length - i) : 0; n >= 2 && phrase === 0; n--) {
      const valence = SPANISH_LEXICON.get(words.slice(i, i + n).join(" "));
      if (valence === undefined) continue;
      scores[i] = valence;
      phrase = n;
    }
    if (phrase > 0) i += phrase - 1;
    else if (!NEGATORS.has(words[i]!)) scores[i] = valenceOf(words[i]!);
  }
  return scores;
}

/** VADER's compound score of a Spanish text, in [−1, 1]. */
export function spanishCompound(text: string): number {
  const words = tokenize(text);
  const base = valences(words);
  const sentiments = base.map((valence, i) => {
    if (valence === 0 || BOOSTERS.has(words[i]!) || DAMPENERS.has(words[i]!)) return 0;
    let score = valence;
    for (let back = 1; back <= REACH && i - back >= 0; back++) {
      const before = words[i - back]!;
      // A word that carries valence of its own modifies nothing, as in VADER.
      if (base[i - back] !== 0) continue;
      const boost = BOOSTERS.has(before) ? BOOST : DAMPENERS.has(before) ? -BOOST : 0;
      score += (score < 0 ? -boost : boost) * FADE[back - 1]!;
      if (NEGATORS.has(before)) score *= NEGATION;
    }
    return score;
  });
  const pero = words.indexOf("pero");
  const weighted = pero < 0 ? sentiments : sentiments.map((s, i) => (i < pero ? s * 0.5 : i > pero ? s * 1.5 : s));
  return compoundScore(weighted, text);
}
