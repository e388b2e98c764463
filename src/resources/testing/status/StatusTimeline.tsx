import Timeline from "@mui/lab/Timeline";
import TimelineConnector from "@mui/lab/TimelineConnector";
import TimelineContent from "@mui/lab/TimelineContent";
import TimelineDot from "@mui/lab/TimelineDot";
import TimelineItem from "@mui/lab/TimelineItem";
import TimelineOppositeContent, { timelineOppositeContentClasses } from "@mui/lab/TimelineOppositeContent";
import TimelineSeparator from "@mui/lab/TimelineSeparator";
import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { TestingStatus, TestingTask } from "../../../../domain/entities/testing-task";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";

const DOT_COLOURS: Readonly<Record<TestingStatus, "grey" | "info" | "success" | "error">> = { created: "grey", waiting: "info", analyzing: "info", ready: "success", error: "error" };

/** Every status the task has been in, oldest first, with when it got there. */
export function StatusTimeline({ history }: { history: TestingTask["history"] }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <Timeline
      aria-label={t("testing.status.historyLabel")}
      sx={{ m: 0, p: 0, [`& .${timelineOppositeContentClasses.root}`]: { flex: "0 0 auto", minWidth: 170, pl: 0 } }}
    >
      {history.map((entry, i) => (
        <TimelineItem key={`${entry.status}-${entry.at}-${i}`}>
          <TimelineOppositeContent color="text.secondary" variant="body2">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </TimelineOppositeContent>
          <TimelineSeparator>
            <TimelineDot color={DOT_COLOURS[entry.status]} variant={i === history.length - 1 ? "filled" : "outlined"} />
            {i < history.length - 1 && <TimelineConnector />}
          </TimelineSeparator>
          <TimelineContent>
            <Typography variant="body2">{t(`testing.statuses.${entry.status}`)}</Typography>
          </TimelineContent>
        </TimelineItem>
      ))}
    </Timeline>
  );
}
