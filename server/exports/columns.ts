import type { Texts } from "../i18n/texts";

/**
 * A column of an exported list: the grid's field (what `columns=` names), the i18n key of its header (the
 * grid's own), and its value for an item as the API answers it. Enum values are turned into the reader's
 * words here; dates stay ISO 8601.
 */
export interface ExportColumn<Item> {
  key: string;
  header: string;
  /** How the value is written: text (neutralised against formulas), a number, a day (`2026-03-01`) or an instant (ISO 8601, UTC). */
  kind: "text" | "number" | "date" | "instant";
  value(item: Item, t: Texts): string | number | null;
}

type Read<Item, T> = (item: Item, t: Texts) => T | null | undefined;

const column = <Item>(kind: ExportColumn<Item>["kind"], key: string, header: string, read: Read<Item, string | number>): ExportColumn<Item> => ({
  key,
  header,
  kind,
  value: (item, t) => read(item, t) ?? null,
});

export const textColumn = <Item>(key: string, header: string, read: Read<Item, string>) => column<Item>("text", key, header, read);
export const numberColumn = <Item>(key: string, header: string, read: Read<Item, number>) => column<Item>("number", key, header, read);
export const dateColumn = <Item>(key: string, header: string, read: Read<Item, string>) => column<Item>("date", key, header, read);
export const instantColumn = <Item>(key: string, header: string, read: Read<Item, string>) => column<Item>("instant", key, header, read);

/** An enum value in the reader's words: `labelKey` names its text (the key the grid shows it with). */
export const labelColumn = <Item>(key: string, header: string, labelKey: (item: Item) => string | null | undefined) =>
  column<Item>("text", key, header, (item, t) => {
    const label = labelKey(item);
    return label ? t(label) : null;
  });

/** Yes or No in the reader's words. */
export const yesNoColumn = <Item>(key: string, header: string, read: (item: Item) => boolean | null | undefined) =>
  column<Item>("text", key, header, (item, t) => {
    const value = read(item);
    return value === null || value === undefined ? null : t(value ? "common.actions.yes" : "common.actions.no");
  });

/** Several values in one cell, parted by semicolons. */
export const listColumn = <Item>(key: string, header: string, read: (item: Item, t: Texts) => readonly string[]) =>
  column<Item>("text", key, header, (item, t) => {
    const values = read(item, t);
    return values.length ? values.join("; ") : null;
  });
