import { useCallback, useState } from "react";
import type { GridColumnVisibilityModel } from "@mui/x-data-grid";

/** Where the inventory remembers the columns the user chose, per browser. */
export const COLUMNS_STORAGE_KEY = "steward.applications.columns";

function load(): GridColumnVisibilityModel {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(COLUMNS_STORAGE_KEY) ?? "null");
    if (stored && typeof stored === "object" && !Array.isArray(stored)) return Object.fromEntries(Object.entries(stored).filter(([, v]) => typeof v === "boolean"));
  } catch {
    // A damaged entry is forgotten: the defaults are shown.
  }
  return {};
}

/**
 * The grid's column visibility: the user's choice, kept in localStorage so it survives a reload, over the
 * defaults (which may follow the window's width until the user chooses).
 */
export function useColumnVisibility(defaults: GridColumnVisibilityModel): [GridColumnVisibilityModel, (model: GridColumnVisibilityModel) => void] {
  const [chosen, setChosen] = useState(load);
  const change = useCallback((next: GridColumnVisibilityModel) => {
    setChosen(next);
    try {
      window.localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or disabled: the choice holds for this visit only.
    }
  }, []);
  return [{ ...defaults, ...chosen }, change];
}
