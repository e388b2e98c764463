import { createTheme } from "@mui/material/styles";

export const SIDER_WIDTH = 240;
export const SIDER_WIDTH_COLLAPSED = 80;
export const TOP_BAR_HEIGHT = 48;

export const theme = createTheme({
  palette: {
    mode: "light",
    primary: { main: "#1d4ed8" },
    secondary: { main: "#0f766e" },
    background: { default: "#f5f7fb" },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: "none" } } },
  },
});

/** The colour words of risk tiers and statuses as MUI chip colours. */
export const COLOUR = {
  red: "error",
  yellow: "warning",
  green: "success",
  grey: "default",
} as const;
