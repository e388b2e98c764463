import { Link as RouterLink } from "react-router";
import { Alert, Box, Card, CardContent, Chip, LinearProgress, Link, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { MY_WORK_KINDS, type MyWorkItem, type MyWorkKind } from "../../../domain/entities/my-work";
import { isReviewOverdue, useFormatDate } from "../../components/risk/dates";
import { useMyWork } from "./my-work-data";

/** /my-work: what waits for the signed-in user, grouped, most urgent first within and across groups. */
export default function MyWorkPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { items, loaded, isLoading, isError } = useMyWork();
  // Groups appear in the order of their most urgent item (the server sorts by urgency).
  const groups = [...new Set(items.map((i) => i.kind))].sort((a, b) => items.findIndex((i) => i.kind === a) - items.findIndex((i) => i.kind === b) || MY_WORK_KINDS.indexOf(a) - MY_WORK_KINDS.indexOf(b));

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t("my-work.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("my-work.intro")}
      </Typography>
      {isLoading && <LinearProgress aria-label={t("my-work.title")} />}
      {isError && <Alert severity="error">{t("my-work.loadFailed")}</Alert>}
      {loaded && items.length === 0 && <Alert severity="success">{t("my-work.empty")}</Alert>}
      <Stack spacing={2}>
        {groups.map((kind) => (
          <WorkGroup key={kind} kind={kind} items={items.filter((i) => i.kind === kind)} formatDate={formatDate} />
        ))}
      </Stack>
    </Box>
  );
}

function WorkGroup({ kind, items, formatDate }: { kind: MyWorkKind; items: MyWorkItem[]; formatDate: (iso: string) => string }) {
  const { t } = useTranslation();
  const title = t(`my-work.groups.${kind}`);
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title} <Chip size="small" label={items.length} sx={{ ml: 1 }} />
        </Typography>
        <List dense>
          {items.map((item) => {
            const overdue = isReviewOverdue(item.due_date);
            return (
              <ListItem key={`${item.application.id}:${item.subject?.id ?? ""}`} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={item.link}>
                      {item.subject ? `${item.subject.name} — ${item.application.name}` : item.application.name}
                    </Link>
                  }
                  secondary={
                    item.due_date && (
                      <Typography component="span" variant="body2" color={overdue ? "error" : "text.secondary"}>
                        {t("my-work.due", { date: formatDate(item.due_date) })}
                        {overdue && ` (${t("my-work.overdue")})`}
                      </Typography>
                    )
                  }
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
