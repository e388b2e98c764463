import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { BulletList } from "./BulletList";
import { questionLabelKey, type QuestionId } from "../../../domain/risk";

/** The required questions still unanswered (why there is no tier yet), under a heading that also names the list. */
export function MissingQuestions({ ids, heading }: { ids: readonly string[]; heading: string }) {
  const { t } = useTranslation();
  if (ids.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {heading}
      </Typography>
      <BulletList items={ids.map((id) => ({ key: id, text: t(questionLabelKey(id as QuestionId)) }))} aria-label={heading} />
    </Box>
  );
}
