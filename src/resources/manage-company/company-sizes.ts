/** Headcount bands offered for the company's size; the API stores free text, so an older value stays selectable. */
const COMPANY_SIZE_BANDS = ["1-10", "11-50", "51-200", "201-1000", "1001-5000", "5000+"] as const;

/** The bands, plus the company's current value when it is none of them. */
export function sizeOptions(current: string | null | undefined): string[] {
  return current && !isSizeBand(current) ? [...COMPANY_SIZE_BANDS, current] : [...COMPANY_SIZE_BANDS];
}

export const isSizeBand = (value: string) => (COMPANY_SIZE_BANDS as readonly string[]).includes(value);
