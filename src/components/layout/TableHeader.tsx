import { TableCell, TableHead, TableRow } from "@mui/material";

/** A column heading, right-aligned for numbers and actions; `false` leaves a conditional column out. */
export type HeaderCell = string | { label: string; align: "right" } | false;

/** The header row of a simple table: one cell per column label. */
export function TableHeader({ cells }: { cells: readonly HeaderCell[] }) {
  return (
    <TableHead>
      <TableRow>
        {cells.map((cell, i) =>
          cell === false ? null : typeof cell === "string" ? (
            <TableCell key={i}>{cell}</TableCell>
          ) : (
            <TableCell key={i} align={cell.align}>
              {cell.label}
            </TableCell>
          ),
        )}
      </TableRow>
    </TableHead>
  );
}
