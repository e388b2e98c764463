import { useCallback, useState } from "react";
import type { GridColumnVisibilityModel } from "@mui/x-data-grid";

/** Where the inventory remembers the columns the user chose, per browser. */
export const COLUMNS_STORAGE_KEY = "steward.applications.columns";

function load(defaults: GridColumnVisibilityModel): GridColumnVisibilityModel {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(COLUMNS_STORAGE_KEY) ?? "null");
    if (stored && typeof stored === "object" && !Array.isArray(stored)) {
      const model = Object.fromEntries(Object.entries(stored).filter(([, v]) => typeof v === "boolean"));
      return { ...defaults, ...model };
    }
  } catch {
    // A damaged entry is forgotten: the defaults are shown.
  }
  return defaults;
}

/** The grid's column visibility, kept in localStorage so the chosen columns survive a reload. */
export function useColumnVisibility(defaults: GridColumnVisibilityModel): [GridColumnVisibilityModel, (model: GridColumnVisibilityModel) => void] {
  const [model, setModel] = useState(() => load(defaults));
  const change = useCallback((next: GridColumnVisibilityModel) => {
    setModel(next);
    try {
      window.localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or disabled: the choice holds for this visit only.
    }
  }, []);
  return [model, change];
}
