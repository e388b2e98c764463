import { useWatch } from "react-hook-form";
import { Alert, Box, Button, LinearProgress, List, ListItem, TextField, Typography } from "@mui/material";
import { useCustomMutation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { COMMENT_MAX_LENGTH, commentCreateSchema } from "../../../../domain/entities/application";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";
import { useResourceForm } from "../../../components/forms/use-resource-form";
import { useApplicationGet } from "./application-api";
import { useRefreshShown } from "../../../providers/refresh";

interface Comment {
  id: string;
  author: { id: string | null; name: string };
  body: string;
  created_at: string;
}

/** The discussion (GET/POST /applications/{id}/comments): plain text, line breaks kept, never HTML. */
export function CommentsTab({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const refresh = useRefreshShown();
  const comments = useApplicationGet<{ items: Comment[]; total: number }>(applicationId, "comments", { page_size: 200 });
  const { mutateAsync: post } = useCustomMutation<Comment, HttpError, { body: string }>();
  const form = useResourceForm<typeof commentCreateSchema, Comment>({
    schema: commentCreateSchema,
    values: { body: "" },
    save: async (values) =>
      (await post({ url: `/applications/${applicationId}/comments`, method: "post", values, successNotification: false, errorNotification: false })).data,
    failure: "application-detail.comments.postFailed",
    onSaved: () => void refresh(),
  });
  const body = useWatch({ control: form.control, name: "body" }) ?? "";
  const items = comments.result.data?.items ?? [];
  const blank = body.trim().length === 0;

  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 840 }}>
      {comments.query.isLoading && <LinearProgress aria-label={t("application-detail.comments.title")} />}
      {comments.query.error && (
        <Alert severity="error" role="alert">
          {t("application-detail.loadFailed", { message: comments.query.error.message })}
        </Alert>
      )}
      {!comments.query.isLoading && items.length === 0 && !comments.query.error && (
        <Typography color="text.secondary">{t("application-detail.comments.empty")}</Typography>
      )}
      {items.length > 0 && (
        <List aria-label={t("application-detail.comments.title")} disablePadding>
          {items.map((c) => (
            <ListItem key={c.id} divider disableGutters sx={{ display: "block" }}>
              <Typography variant="subtitle2" component="p">
                {c.author.name}{" "}
                <Typography component="time" variant="caption" color="text.secondary" dateTime={c.created_at}>
                  {formatDateTime(c.created_at)}
                </Typography>
              </Typography>
              {/* Rendered as text: markup in a comment is shown, never run. */}
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="comment-body">
                {c.body}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
      <Box component="form" noValidate onSubmit={form.submit} sx={{ display: "grid", gap: 1 }} aria-label={t("application-detail.comments.formLabel")}>
        <TextField
          label={t("application-detail.comments.add")}
          multiline
          minRows={3}
          {...form.register("body")}
          error={Boolean(form.formState.errors.body) || body.length > COMMENT_MAX_LENGTH}
          helperText={form.fieldMessage(form.formState.errors.body?.message) ?? t("application-detail.comments.count", { length: body.length, max: COMMENT_MAX_LENGTH })}
          slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
        />
        {form.failure && (
          <Alert severity="error" role="alert">
            {form.failure}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={blank || form.busy}>
            {t("application-detail.comments.post")}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
