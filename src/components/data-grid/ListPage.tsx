import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Box, Button, InputAdornment, TextField, Typography, type SxProps, type Theme } from "@mui/material";
import AddOutlined from "@mui/icons-material/AddOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import { DataGrid, type DataGridProps, type GridValidRowModel } from "@mui/x-data-grid";
import { useTranslation } from "react-i18next";
import { useGridLocaleText } from "./grid-support";
import type { ExportTarget } from "./ExportMenu";
import { ListGridToolbar } from "./ListGridToolbar";

export interface ListPageHeaderProps {
  title: string;
  help: string;
  /** The create button's text; no button without it (e.g. a reader who may not create). */
  createLabel?: string;
  createIcon?: ReactNode;
  onCreate?: () => void;
  /** More buttons, before the create button (an import). */
  actions?: ReactNode;
}

/** A list page's h1, its create button on the right, and the help text under them. */
export function ListPageHeader({ title, help, createLabel, createIcon = <AddOutlined />, onCreate, actions }: ListPageHeaderProps) {
  return (
    <>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          {actions}
          {createLabel && (
            <Button variant="contained" startIcon={createIcon} onClick={onCreate}>
              {createLabel}
            </Button>
          )}
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 860 }}>
        {help}
      </Typography>
    </>
  );
}

export interface GridSearchFieldProps {
  label: string;
  /** The text and its setter from useGridSearch. */
  value: string;
  onChange: (text: string) => void;
  sx?: SxProps<Theme>;
}

/** The search box over a server-side grid; pair it with useGridSearch. */
export function GridSearchField({ label, value, onChange, sx = { maxWidth: 360 } }: GridSearchFieldProps) {
  return (
    <TextField
      label={label}
      type="search"
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export type ListDataGridProps<R extends GridValidRowModel> = DataGridProps<R> & {
  /** Where a click on a row goes; clicks on the row's links and buttons do their own thing. */
  rowHref?: (row: R) => string;
  /** What the empty grid says, instead of the generic "No rows". */
  noRowsLabel?: string;
  /** The server estimated the total (a very long list): the pager says "of about N". */
  totalIsEstimate?: boolean;
  /** The list the toolbar's Export menu exports (its API path and query); the visible columns go with it. */
  exportTarget?: ExportTarget;
  /** The toolbar's column chooser, by its label; none without it. */
  columnsLabel?: string;
};

/**
 * A server-side list grid as every list page shows it: in the UI's language, paged 10–100, filtered only by the
 * page's own controls, with a toolbar for exporting what it shows (and choosing its columns, where offered).
 */
export function ListDataGrid<R extends GridValidRowModel>({ rowHref, noRowsLabel, totalIsEstimate, exportTarget, columnsLabel, localeText, sx, slots, slotProps, ...props }: ListDataGridProps<R>) {
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const gridLocaleText = useGridLocaleText();
  const estimated: DataGridProps["localeText"] = totalIsEstimate
    ? { paginationDisplayedRows: ({ from, to, count }) => t("common.grid.displayedRowsAbout", { from, to, count: count.toLocaleString(i18n.resolvedLanguage) }) }
    : {};
  return (
    <DataGrid<R>
      disableColumnFilter
      pageSizeOptions={[10, 25, 50, 100]}
      localeText={{ ...gridLocaleText, ...estimated, ...(noRowsLabel ? { noRowsLabel } : {}), ...localeText }}
      onRowClick={
        rowHref &&
        (({ row }, event) => {
          if ((event.target as HTMLElement).closest("a, button")) return;
          navigate(rowHref(row as R));
        })
      }
      sx={[
        {
          // A long heading (Spanish ones are) wraps to a second line rather than ending in an ellipsis, and so does
          // a chip's label in a narrow column.
          "& .MuiDataGrid-columnHeaderTitle": { whiteSpace: "normal", lineHeight: 1.25 },
          "& .MuiDataGrid-cell .MuiChip-root": { height: "auto", minHeight: 24, maxWidth: "100%" },
          "& .MuiDataGrid-cell .MuiChip-label": { whiteSpace: "normal" },
          // The header's hidden menu button and the last column's resize handle stay inside the grid, which would
          // otherwise scroll sideways by their width.
          "& .MuiDataGrid-columnHeader": { overflow: "hidden" },
          "& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator": { display: "none" },
        },
        rowHref ? { "& .MuiDataGrid-row": { cursor: "pointer" } } : {},
        ...(sx === undefined ? [] : Array.isArray(sx) ? sx : [sx]),
      ]}
      autoHeight
      showToolbar={Boolean(exportTarget || columnsLabel)}
      slots={{ toolbar: ListGridToolbar, ...slots }}
      slotProps={{ ...slotProps, toolbar: { exportTarget, columnsLabel, ...slotProps?.toolbar } }}
      {...props}
    />
  );
}
