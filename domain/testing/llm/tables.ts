import type { LlmAttribute, LlmResults, LlmTable, LlmTableId } from "../../entities/llm-results";

/** The detail tables, in the order the summary links them. Titles are English; pages show their own i18n texts. */
export const LLM_TABLES: { id: LlmTableId; title: string }[] = [
  { id: "refusals", title: "Refusals by group" },
  { id: "sentiment", title: "Sentiment by group" },
  { id: "length", title: "Response length by group" },
  { id: "favourable", title: "Favourable responses by group" },
  { id: "consistency", title: "Counterfactual consistency by pair of groups" },
  { id: "divergent", title: "Most divergent prompts, side by side" },
];

type Cell = string | number | boolean | null;
type Column = LlmTable["columns"][number];
const col = (id: string, type: Column["type"] = "number"): Column => ({ id, type });
const GROUP_COLUMNS = [col("attribute", "string"), col("group", "string"), col("responses")];

/** One row per attribute and group. */
function byGroup(attributes: readonly LlmAttribute[], cells: (group: LlmAttribute["groups"][number]) => Record<string, Cell>): LlmTable["rows"] {
  return attributes.flatMap((a) => a.groups.map((g) => ({ attribute: a.attribute, group: g.group, responses: g.responses, ...cells(g) })));
}

/**
 * The rows behind each detail table, flat (one value per cell) so a grid can sort, filter and export them:
 * per group for refusals, sentiment, length and the favourable rate; per pair of groups for consistency;
 * per divergent prompt, its most and least favoured variants side by side, each with its own prompt.
 */
export function llmTables(results: Pick<LlmResults, "attributes">): Record<LlmTableId, LlmTable> {
  const { attributes } = results;
  return {
    refusals: {
      columns: [...GROUP_COLUMNS, col("empty"), col("refusals"), col("refusal_rate"), col("small", "boolean")],
      rows: byGroup(attributes, (g) => ({ empty: g.empty, refusals: g.refusals, refusal_rate: g.refusal_rate, small: g.small })),
    },
    sentiment: {
      columns: [...GROUP_COLUMNS, col("mean_sentiment"), ...[1, 2, 3, 4, 5].map((i) => col(`bucket_${i}`)), col("small", "boolean")],
      rows: byGroup(attributes, (g) => ({ mean_sentiment: g.mean_sentiment, ...Object.fromEntries(g.sentiment_buckets.map((n, i) => [`bucket_${i + 1}`, n])), small: g.small })),
    },
    length: {
      columns: [...GROUP_COLUMNS, col("mean_words"), col("median_words")],
      rows: byGroup(attributes, (g) => ({ mean_words: g.mean_words, median_words: g.median_words })),
    },
    favourable: {
      columns: [...GROUP_COLUMNS, col("share"), col("favourable"), col("favourable_rate"), col("favourable_ratio"), col("excluded", "boolean"), col("small", "boolean"), col("adverse_impact", "boolean"), col("rule", "string")],
      rows: byGroup(attributes, (g) => ({
        share: g.share,
        favourable: g.favourable,
        favourable_rate: g.favourable_rate,
        favourable_ratio: g.favourable_ratio,
        excluded: g.excluded,
        small: g.small,
        adverse_impact: g.adverse_impact,
        rule: g.flags.map((f) => f.rule).join(", ") || null,
      })),
    },
    consistency: {
      columns: [col("attribute", "string"), col("group_a", "string"), col("group_b", "string"), col("prompts"), col("strict"), col("weak"), col("prompts_compared"), col("refusal_disagreement_rate"), col("mean_sentiment_gap"), col("mean_similarity")],
      rows: attributes.flatMap((a) =>
        a.consistency.sentiment_wasserstein.map((p) => ({
          attribute: a.attribute,
          group_a: p.group_a,
          group_b: p.group_b,
          prompts: p.prompts,
          strict: p.strict,
          weak: p.weak,
          prompts_compared: a.consistency.prompts_compared,
          refusal_disagreement_rate: a.consistency.refusal_disagreement_rate,
          mean_sentiment_gap: a.consistency.mean_sentiment_gap,
          mean_similarity: a.consistency.mean_similarity,
        })),
      ),
    },
    divergent: {
      columns: [
        ...[col("attribute", "string"), col("prompt_id", "string"), col("refusal_disagrees", "boolean"), col("sentiment_gap"), col("similarity")],
        ...["a", "b"].flatMap((s) => [col(`group_${s}`, "string"), col(`prompt_${s}`, "string"), col(`response_${s}`, "string"), col(`refusal_${s}`, "boolean"), col(`sentiment_${s}`)]),
      ],
      rows: attributes.flatMap((a) =>
        a.divergent.map((d) => {
          // The most favoured variant (answered, highest sentiment) beside the least favoured one.
          const rank = (v: (typeof d.variants)[number]) => (v.refusal ? -10 : 0) + (v.sentiment ?? -5);
          const sorted = [...d.variants].sort((x, y) => rank(y) - rank(x));
          // Each side shows the prompt its own group was asked, beside that group's response.
          const side = (s: string, v: (typeof d.variants)[number]) => ({
            [`group_${s}`]: v.group,
            [`prompt_${s}`]: v.prompt ?? null,
            [`response_${s}`]: v.response,
            [`refusal_${s}`]: v.refusal,
            [`sentiment_${s}`]: v.sentiment,
          });
          return {
            attribute: a.attribute,
            prompt_id: d.prompt_id,
            refusal_disagrees: d.refusal_disagrees,
            sentiment_gap: d.sentiment_gap,
            similarity: d.similarity,
            ...side("a", sorted[0]!),
            ...side("b", sorted[sorted.length - 1]!),
          };
        }),
      ),
    },
  };
}
