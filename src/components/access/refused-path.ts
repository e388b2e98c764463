/** The query parameter naming the page a signed-in person was refused (the unauthorised page says so). */
export const REFUSED_PAGE_PARAM = "page";

/** Where a person lands who may not open `pathname`: the unauthorised page naming it, or the not-found page. */
export function refusedPath(whenRefused: "unauthorized" | "not-found" = "unauthorized", pathname: string): string {
  return whenRefused === "not-found" ? "/not-found" : `/unauthorized?${new URLSearchParams({ [REFUSED_PAGE_PARAM]: pathname })}`;
}
