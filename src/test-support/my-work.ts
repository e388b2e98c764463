import type { CrudFilter, DataProvider } from "@refinedev/core";
import { byUrgency, type MyWorkCounts, type MyWorkItem } from "../../domain/entities/my-work";

type GetListParams = Parameters<NonNullable<DataProvider["getList"]>>[0];

/** The kinds a list call filters on (`kind` eq one, or in several); none: every kind. */
function kindsOf(filters: CrudFilter[] | undefined): string[] | null {
  const filter = filters?.find((f) => "field" in f && f.field === "kind");
  if (!filter) return null;
  return Array.isArray(filter.value) ? filter.value.map(String) : [String(filter.value)];
}

/**
 * A fake My Work server over `work`: GET /my-work pages (kind filter, page, page size) and GET /my-work/counts
 * count, the way the API does, so a page's calls are answered as the server would answer them.
 */
export function fakeMyWork(work: MyWorkItem[]) {
  const sorted = [...work].sort(byUrgency);
  return {
    page({ filters, pagination }: GetListParams) {
      const kinds = kindsOf(filters);
      const matching = sorted.filter((i) => !kinds || kinds.includes(i.kind));
      const size = pagination?.pageSize ?? 25;
      const page = pagination?.currentPage ?? 1;
      return { data: matching.slice((page - 1) * size, page * size) as never[], total: matching.length };
    },
    counts(): MyWorkCounts {
      const kinds: MyWorkCounts["kinds"] = [];
      for (const item of sorted) {
        const known = kinds.find((k) => k.kind === item.kind);
        if (known) known.count += 1;
        else kinds.push({ kind: item.kind, count: 1, first_due_date: item.due_date });
      }
      return { kinds, total: sorted.length };
    },
  };
}
