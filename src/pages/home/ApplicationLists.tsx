import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { Alert, Box, Card, CardContent, List, ListItem, ListItemButton, ListItemText, Skeleton, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Application } from "../../../domain/entities/application";
import { ReviewDue } from "../../components/risk/ReviewDue";
import { ApprovalStatusChip } from "../../components/risk/StatusChip";
import { TierChip } from "../../components/risk/TierChip";
import { useFormatDate } from "../../components/risk/dates";
import type { MyWorkItem } from "../../../domain/entities/my-work";
import { useNavigation } from "@refinedev/core";

interface Row {
  application: Pick<Application, "id" | "name">;
  secondary: ReactNode;
  aside: ReactNode;
}

interface ListCardProps {
  id: string;
  title: string;
  empty: string;
  rows: Row[];
  isLoading: boolean;
  error?: string | null;
}

/** A titled list of applications, each opening its detail page. */
function ListCard({ id, title, empty, rows, isLoading, error }: ListCardProps) {
  const { showUrl } = useNavigation();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent sx={{ pb: 1 }}>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
      </CardContent>
      {isLoading ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Skeleton height={160} />
        </Box>
      ) : error ? (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {error}
        </Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {empty}
        </Typography>
      ) : (
        <List dense aria-labelledby={id} disablePadding>
          {rows.map(({ application, secondary, aside }, i) => (
            // One application may wait for two things (changes requested after a reset).
            <ListItem key={`${application.id}:${i}`} disablePadding secondaryAction={aside}>
              <ListItemButton component={RouterLink} to={showUrl("applications", application.id)} sx={{ pr: 18 }}>
                <ListItemText
                  primary={application.name}
                  secondary={secondary}
                  slotProps={{ primary: { noWrap: true }, secondary: { component: "div" } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
}

export function AwaitingList({ items, isLoading, error }: { items: MyWorkItem[]; isLoading: boolean; error?: string | null }) {
  const { t } = useTranslation();
  return (
    <ListCard
      id="dashboard-list-awaiting"
      title={t("dashboard.lists.awaiting")}
      empty={t("dashboard.lists.awaitingEmpty")}
      isLoading={isLoading}
      error={error}
      rows={items.map(({ application, kind }) => ({
        application,
        secondary: t(`dashboard.reasons.${kind}`),
        aside: <TierChip tier={application.risk_tier} />,
      }))}
    />
  );
}

/** Scheduled reviews, soonest first; an overdue one in red and saying so. */
export function UpcomingReviewsList({ items, isLoading, error }: { items: Application[]; isLoading: boolean; error?: string | null }) {
  const { t } = useTranslation();
  return (
    <ListCard
      id="dashboard-list-upcoming"
      title={t("dashboard.lists.upcoming")}
      empty={t("dashboard.lists.upcomingEmpty")}
      isLoading={isLoading}
      error={error}
      rows={items
        .filter((a) => a.next_review_due !== null)
        .map((application) => ({
          application,
          secondary: (
            <>
              {t("dashboard.lists.due")}: <ReviewDue due={application.next_review_due} />
            </>
          ),
          aside: <TierChip tier={application.risk_tier} />,
        }))}
    />
  );
}

export function RecentList({ items, isLoading, error }: { items: Application[]; isLoading: boolean; error?: string | null }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <ListCard
      id="dashboard-list-recent"
      title={t("dashboard.lists.recent")}
      empty={t("dashboard.lists.recentEmpty")}
      isLoading={isLoading}
      error={error}
      rows={items.map((application) => ({
        application,
        secondary: t("dashboard.lists.updated", { date: formatDate(application.updated_at) }),
        aside: <ApprovalStatusChip status={application.approval_status} />,
      }))}
    />
  );
}
