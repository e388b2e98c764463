import type { LlmAttribute, LlmResults, LlmTable, LlmTableId } from "../../entities/llm-results";
import { clean, GroupedRows, GrowableFloat64, GrowableInt32, GrowableInt8, type GroupColumn } from "../grouped";
import { consistencyResults, DIVERGENT_DEFAULT, type PromptVariants, type Variant } from "./consistency";
import { emptyLlmTally, groupResults, tallyResponse, type LlmTally } from "./groups";
import { languageOf, type LlmLanguage } from "./language";
import { isRefusal } from "./refusal";
import { attributeWords, neutralizedTokens } from "./rouge";
import { sentimentScore } from "./sentiment";
import { llmTables, LLM_TABLES } from "./tables";
import { tokenize } from "./words";

export interface LlmAccumulatorOptions {
  /** The protected attributes, in the order `add` receives their values. */
  attributes: readonly string[];
  /** How many of the most divergent prompt ids to keep per attribute. */
  divergent?: number;
}

/** Responses and prompts are kept this short for the side-by-side view. */
export const EXCERPT_CHARS = 300;
/** ROUGE-L compares at most this many words of each response, so one huge response cannot stall a run. */
export const MAX_COMPARED_WORDS = 1000;

const excerpt = (text: string) => (text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text);

/**
 * Reads LLM responses one at a time, scoring each as it arrives (refusal, sentiment, words) and keeping
 * compact columns: numbers per response, a group code per attribute, the response's neutralised words as
 * interned numbers for the similarity, and a short excerpt for the side-by-side view. Consistency needs the
 * variants of a prompt id together, and rows may come in any order, hence the columns rather than tallies.
 *
 * An empty response counts as a response and as a refusal (the user got no answer), has no sentiment (there
 * is nothing to score: it is left out of the sentiment figures and the similarity) and has 0 words.
 */
export class LlmAccumulator extends GroupedRows {
  private readonly refusals = new GrowableInt8();
  private readonly sentiments = new GrowableFloat64();
  private readonly words = new GrowableInt32();
  private readonly promptCodes = new GrowableInt32();
  private readonly promptIds: string[] = [];
  private readonly promptIndex = new Map<string, number>();
  private readonly tokens: Int32Array[] = [];
  /** Per response, its prompt and itself shortened: each group's variant of a prompt id has its own wording. */
  private readonly prompts: string[] = [];
  private readonly excerpts: string[] = [];
  private readonly vocabulary = new Map<string, number>();
  private readonly languages: Record<LlmLanguage, number> = { en: 0, es: 0 };
  private empty = 0;

  constructor(private readonly options: LlmAccumulatorOptions) {
    super(options.attributes);
  }

  get rowsRead(): number {
    return this.words.view().length;
  }

  add(promptId: string | null | undefined, prompt: string | null | undefined, response: string | null | undefined, language: string | null | undefined, protectedValues: readonly (string | null | undefined)[]): void {
    const text = clean(response);
    const words = tokenize(text);
    const lang = languageOf(language, words);
    this.languages[lang]++;
    const isEmpty = text === "";
    if (isEmpty) this.empty++;
    this.refusals.push(isEmpty || isRefusal(text, lang) ? 1 : 0);
    this.sentiments.push(isEmpty ? Number.NaN : sentimentScore(text, lang));
    this.words.push(words.length);
    const neutral = neutralizedTokens(words.length > MAX_COMPARED_WORDS ? words.slice(0, MAX_COMPARED_WORDS) : words, attributeWords(protectedValues));
    const ids = new Int32Array(neutral.length);
    for (let i = 0; i < neutral.length; i++) ids[i] = this.intern(neutral[i]!);
    this.tokens.push(ids);
    this.prompts.push(excerpt(clean(prompt)));
    this.excerpts.push(excerpt(text));
    this.promptCodes.push(this.promptCode(clean(promptId)));
    this.addGroups(protectedValues);
  }

  private intern(word: string): number {
    let id = this.vocabulary.get(word);
    if (id === undefined) this.vocabulary.set(word, (id = this.vocabulary.size));
    return id;
  }

  /** A response without a prompt id is its own prompt: it has no variants to compare. */
  private promptCode(promptId: string): number {
    const key = promptId === "" ? `\u0000${this.promptIds.length}` : promptId;
    let code = this.promptIndex.get(key);
    if (code === undefined) {
      code = this.promptIds.length;
      this.promptIds.push(promptId);
      this.promptIndex.set(key, code);
    }
    return code;
  }

  finish(): Omit<LlmResults, "provenance"> {
    const total = this.rowsRead;
    return {
      responses: total,
      empty_responses: this.empty,
      languages: { ...this.languages },
      attributes: this.columns.map((column) => this.attributeResults(column, total)),
      tables: LLM_TABLES.map((table) => ({ ...table })),
    };
  }

  /** The detail tables' rows, for a server to sort, filter and page. */
  tables(results: Omit<LlmResults, "provenance"> = this.finish()): Record<LlmTableId, LlmTable> {
    return llmTables(results);
  }

  private attributeResults(column: GroupColumn, total: number): LlmAttribute {
    const refusals = this.refusals.view();
    const sentiments = this.sentiments.view();
    const words = this.words.view();
    const prompts = this.promptCodes.view();

    // Per prompt code, the first response of each group: later ones of the same group are duplicates.
    const variants = new Map<number, Map<number, number>>();
    let duplicates = 0;
    const tallies = column.tally(total, emptyLlmTally, (tally: LlmTally, row, code) => {
      tallyResponse(tally, refusals[row] === 1, Number.isNaN(sentiments[row]!) ? null : sentiments[row]!, words[row]!);
      let byGroup = variants.get(prompts[row]!);
      if (!byGroup) variants.set(prompts[row]!, (byGroup = new Map()));
      if (byGroup.has(code)) duplicates++;
      else byGroup.set(code, row);
    });

    const { best_group, groups } = groupResults(tallies, total);
    const variantOf = (code: number, row: number): Variant => ({
      group: column.names[code]!,
      refusal: refusals[row] === 1,
      sentiment: Number.isNaN(sentiments[row]!) ? null : sentiments[row]!,
      words: words[row]!,
      tokens: this.tokens[row]!,
      prompt: this.prompts[row]!,
      response: this.excerpts[row]!,
    });
    const { promptIds } = this;
    function* promptVariants(): Generator<PromptVariants> {
      for (const [prompt, byGroup] of variants) {
        yield { prompt_id: promptIds[prompt]!, variants: [...byGroup].map(([code, row]) => variantOf(code, row)) };
      }
    }
    const { consistency, divergent } = consistencyResults(promptVariants(), groups.map((g) => g.group), duplicates, this.options.divergent ?? DIVERGENT_DEFAULT);
    return { attribute: column.attribute, unknown: column.unknown, best_group, flagged: groups.some((g) => g.adverse_impact), groups, consistency, divergent };
  }
}
