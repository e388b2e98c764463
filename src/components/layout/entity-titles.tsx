import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

interface EntityTitles {
  titles: Readonly<Record<string, string>>;
  setTitle(id: string, title: string | undefined): void;
}

const EntityTitlesContext = createContext<EntityTitles>({ titles: {}, setTitle: () => {} });

/** Detail pages tell the breadcrumbs their entity's name, so a UUID segment reads as that name. */
export function EntityTitlesProvider({ children }: { children: ReactNode }) {
  const [titles, setTitles] = useState<Record<string, string>>({});
  const setTitle = useCallback((id: string, title: string | undefined) => {
    setTitles((prev) => {
      if (prev[id] === title) return prev;
      const next = { ...prev };
      if (title) next[id] = title;
      else delete next[id];
      return next;
    });
  }, []);
  const value = useMemo(() => ({ titles, setTitle }), [titles, setTitle]);
  return <EntityTitlesContext.Provider value={value}>{children}</EntityTitlesContext.Provider>;
}

export function useEntityTitles() {
  return useContext(EntityTitlesContext).titles;
}

/** `useEntityTitle(user.id, "Ada Admin")` on a detail page titles its breadcrumb. */
export function useEntityTitle(id: string | undefined, title: string | undefined) {
  const { setTitle } = useContext(EntityTitlesContext);
  useEffect(() => {
    if (!id) return;
    setTitle(id, title);
    return () => setTitle(id, undefined);
  }, [id, title, setTitle]);
}
