import type { ReactElement } from "react";
import { Chip, type ChipProps } from "@mui/material";
import BlockOutlined from "@mui/icons-material/BlockOutlined";
import DragHandle from "@mui/icons-material/DragHandle";
import HelpOutline from "@mui/icons-material/HelpOutline";
import KeyboardArrowDown from "@mui/icons-material/KeyboardArrowDown";
import KeyboardDoubleArrowUp from "@mui/icons-material/KeyboardDoubleArrowUp";
import type { Level } from "../../../domain/risk/levels";
import { LEVEL_COLOURS } from "../../theme";

/** Each level's sign, so levels differ without colour too: blocked, up, level, down, unknown. */
export const LEVEL_ICONS: Readonly<Record<Level, () => ReactElement>> = {
  severe: () => <BlockOutlined />,
  high: () => <KeyboardDoubleArrowUp />,
  medium: () => <DragHandle />,
  low: () => <KeyboardArrowDown />,
  none: () => <HelpOutline />,
};

export interface LevelChipProps {
  level: Level;
  label: string;
  size?: ChipProps["size"];
  "aria-label"?: string;
}

/** A tier, severity or risk level as a chip: the level's colour, its sign and its name. */
export function LevelChip({ level, label, size = "small", ...rest }: LevelChipProps) {
  const { fill, text } = LEVEL_COLOURS[level];
  return (
    <Chip
      size={size}
      label={label}
      icon={LEVEL_ICONS[level]()}
      data-level={level}
      aria-label={rest["aria-label"]}
      sx={{ bgcolor: fill, color: text, "& .MuiChip-icon": { color: text } }}
    />
  );
}
