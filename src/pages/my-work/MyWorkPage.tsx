import { Link as RouterLink } from "react-router";
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Link, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { MyWorkItem, MyWorkKind } from "../../../domain/entities/my-work";
import { isReviewOverdue, useFormatDate } from "../../components/risk/dates";
import { useMyWorkCounts, useWorkSection } from "./my-work-data";

/**
 * /my-work: what waits for the signed-in user, a section per kind with its count, the sections in the order of
 * their most urgent item (the server orders them), each showing its first page with "Show more".
 */
export default function MyWorkPage() {
  const { t } = useTranslation();
  const { counts, loaded, isLoading, isError } = useMyWorkCounts();

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
      {loaded && counts?.total === 0 && <Alert severity="success">{t("my-work.empty")}</Alert>}
      <Stack spacing={2}>
        {counts?.kinds.map(({ kind, count }) => (
          <WorkGroup key={kind} kind={kind} count={count} />
        ))}
      </Stack>
    </Box>
  );
}

function WorkGroup({ kind, count }: { kind: MyWorkKind; count: number }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const section = useWorkSection(kind);
  const title = t(`my-work.groups.${kind}`);
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title} <Chip size="small" label={count} sx={{ ml: 1 }} />
        </Typography>
        {section.isLoading && <LinearProgress aria-label={title} />}
        {section.isError && <Alert severity="error">{t("my-work.loadFailed")}</Alert>}
        <List dense>
          {section.items.map((item) => (
            <WorkItem key={`${item.application.id}:${item.subject?.id ?? ""}`} item={item} formatDate={formatDate} />
          ))}
        </List>
        {section.hasMore && (
          <Button size="small" onClick={section.showMore} disabled={section.isLoadingMore}>
            {t("my-work.showMore")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function WorkItem({ item, formatDate }: { item: MyWorkItem; formatDate: (iso: string) => string }) {
  const { t } = useTranslation();
  const overdue = isReviewOverdue(item.due_date);
  return (
    <ListItem disableGutters>
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
}
