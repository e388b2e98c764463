/** The sixteen risk descriptor keys, in the order the app lists them. */
export const DESCRIPTOR_KEYS = [
  "business",
  "data-exposure",
  "hallucination",
  "protected-class",
  "vendor",
  "fairness",
  "user-consent",
  "data-privacy-vendors",
  "data-representativeness-nongenai",
  "data-representativeness-genai",
  "explainability",
  "response-engineering",
  "foundation-model",
  "security-risk",
  "prohibited-use",
  "overreliance",
] as const;
export type DescriptorKey = (typeof DESCRIPTOR_KEYS)[number];

export function isDescriptorKey(value: unknown): value is DescriptorKey {
  return typeof value === "string" && (DESCRIPTOR_KEYS as readonly string[]).includes(value);
}

// i18n keys (locales/<lng>/risk.json).
export const descriptorLabelKey = (key: DescriptorKey) => `risk.descriptors.${key}.label`;
export const descriptorDescriptionKey = (key: DescriptorKey) => `risk.descriptors.${key}.description`;
