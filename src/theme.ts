import { createTheme } from "@mui/material/styles";
import type { Level } from "../domain/risk/levels";

export const SIDER_WIDTH = 240;
export const SIDER_WIDTH_COLLAPSED = 80;
export const TOP_BAR_HEIGHT = 48;

export const theme = createTheme({
  palette: {
    mode: "light",
    primary: { main: "#1d4ed8" },
    secondary: { main: "#0f766e" },
    // MUI's own info (#0288d1) and warning (#ed6c02) are under 4.5:1 on white as text (outlined chips, captions):
    // darker shades of the same hues pass WCAG AA.
    info: { main: "#0369a1" },
    warning: { main: "#b45309" },
    // MUI's green passes on white but not on a selected row's tint: a deeper green passes on both.
    success: { main: "#166534" },
    background: { default: "#f5f7fb" },
    // Read-only answers (a reviewer's or approver's view of a questionnaire) are disabled fields that must still be
    // read: their labels, values and hints at 4.5:1 rather than MUI's 38% black.
    text: { disabled: "#6b6b6b" },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  components: {
    // A button keeps its whole label: rows of buttons wrap rather than squeeze one down to "Rejec".
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: "none", flexShrink: 0 } } },
  },
});

const { palette } = theme;

/**
 * The one palette of levels (domain/risk/levels): a fill and the text on it, at least 4.5:1 apart (WCAG AA). The
 * status colours of the theme from high to low (red, amber, green), a deeper red above them for the severe end
 * (a prohibited use, a critical incident) so that no two levels share a colour, and grey for "not assessed". An
 * icon and the level's name say the same without colour (LevelChip).
 */
export const LEVEL_COLOURS: Readonly<Record<Level, { fill: string; text: string }>> = {
  severe: { fill: "#7f1d1d", text: "#ffffff" },
  high: { fill: palette.error.main, text: palette.error.contrastText },
  medium: { fill: palette.warning.main, text: palette.warning.contrastText },
  low: { fill: palette.success.main, text: palette.success.contrastText },
  none: { fill: palette.grey[500], text: palette.grey[900] },
};
