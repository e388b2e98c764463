/** The strings the LLM results pages read: their own, and the results pages' shared ones (evidence, formats). */
export const LLM_AREAS = ["testing-results", "testing-llm"] as const;
