export interface Crumb {
  label: string;
  href: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UPPER_WORDS = new Set(["eu", "iso", "nist", "ai", "rmf", "llm", "api"]);

const isUuid = (segment: string) => UUID.test(segment);

/** "eu-ai-act" → "EU AI Act": words title-cased, known acronyms upper-cased. */
export function humanise(segment: string): string {
  return decodeURIComponent(segment)
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => (UPPER_WORDS.has(w.toLowerCase()) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(" ");
}

export interface BreadcrumbOptions {
  /** Names of loaded entities by id: a detail route is titled by its entity's name. */
  titles?: Readonly<Record<string, string>>;
  /** Translated labels of known segments (`applications` → "AI Applications"); missing ones are humanised. */
  segmentLabel?: (segment: string) => string | undefined;
  dashboardLabel?: string;
}

/**
 * Breadcrumbs from a route path: one crumb per segment, linking to that prefix. A segment is shown by its
 * given title, else as is when it is an id, else by segmentLabel or humanised; the bare root is the Dashboard.
 */
export function breadcrumbsFor(pathname: string, options: BreadcrumbOptions = {}): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 0) return [{ label: options.dashboardLabel ?? "Dashboard", href: "/" }];
  return segments.map((segment, i) => {
    const href = "/" + segments.slice(0, i + 1).join("/");
    const title = options.titles?.[segment];
    if (title) return { label: title, href };
    if (isUuid(segment)) return { label: segment, href };
    return { label: options.segmentLabel?.(segment) ?? humanise(segment), href };
  });
}

/** The browser title comes from the first breadcrumb segment. */
export function documentTitleFor(crumbs: Crumb[], product = "Steward"): string {
  return crumbs.length ? `${crumbs[0].label} | ${product}` : product;
}
