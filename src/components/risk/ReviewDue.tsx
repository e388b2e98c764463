import { Typography, type TypographyProps } from "@mui/material";
import { useTranslation } from "react-i18next";
import { isReviewOverdue, useFormatDate } from "./dates";

export interface ReviewDueProps {
  /** The application's next_review_due (ISO), or null when none is scheduled. */
  due: string | null;
  variant?: TypographyProps["variant"];
  /** What to show when no review is scheduled. */
  noneText?: string;
}

/** The next review's date; an overdue one in red and saying so in words, not only in colour. */
export function ReviewDue({ due, variant = "body2", noneText }: ReviewDueProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  if (due === null) {
    return (
      <Typography variant={variant} color="text.secondary" component="span">
        {noneText ?? t("applications.review.none")}
      </Typography>
    );
  }
  const date = formatDate(due);
  return isReviewOverdue(due) ? (
    <Typography variant={variant} color="error" component="span" sx={{ fontWeight: 500 }}>
      {t("applications.review.overdue", { date })}
    </Typography>
  ) : (
    <Typography variant={variant} component="span">
      {date}
    </Typography>
  );
}
