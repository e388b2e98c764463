import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { Box, Card, CardActionArea, CardContent, Skeleton, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { NOT_ASSESSED, type ApplicationMetrics } from "../../../domain/entities/application";
import { RISK_TIERS, REVIEW_REMINDER_DAYS_BEFORE } from "../../../domain/risk/tiers";
import { TierChip } from "../../components/risk/TierChip";
import { useNavigation } from "@refinedev/core";

interface FigureCardProps {
  /** The card's name, also its accessible name (a labelled region). */
  title: string;
  value: number | undefined;
  hint?: ReactNode;
  /** Red when the figure asks for attention. */
  alarm?: boolean;
  /** Shown after the figure, e.g. "%". */
  unit?: string;
  to?: string;
}

function FigureCard({ title, value, hint, alarm, unit, to }: FigureCardProps) {
  const id = `dashboard-card-${title.replace(/\W+/g, "-").toLowerCase()}`;
  const body = (
    <CardContent>
      <Typography id={id} variant="subtitle2" color="text.secondary" component="h2">
        {title}
      </Typography>
      {value === undefined ? (
        <Skeleton width={48} height={48} />
      ) : (
        <Typography variant="h4" component="p" color={alarm && value > 0 ? "error" : "text.primary"} data-testid={`${id}-value`}>
          {value}
          {unit}
        </Typography>
      )}
      {hint && (
        <Typography variant="body2" color="text.secondary" component="div">
          {hint}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: "100%" }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

export interface SummaryCardsProps {
  metrics: ApplicationMetrics | undefined;
  /** Null when none of the user's roles ever acts on an application (the card is left out). */
  awaiting: number | null | undefined;
}

/** The figures first: how many applications, by tier, how many wait for me, how many reviews are late, how far their controls are done. */
export function SummaryCards({ metrics, awaiting }: SummaryCardsProps) {
  const { t } = useTranslation();
  const { listUrl } = useNavigation();
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(5, minmax(0, 1fr))" } }}>
      <FigureCard title={t("dashboard.cards.inScope")} value={metrics?.total} hint={t("dashboard.cards.inScopeHint")} to={listUrl("applications")} />
      <Card variant="outlined" component="section" aria-labelledby="dashboard-card-by-tier">
        <CardContent>
          <Typography id="dashboard-card-by-tier" variant="subtitle2" color="text.secondary" component="h2" gutterBottom>
            {t("dashboard.cards.byTier")}
          </Typography>
          {metrics ? (
            <Stack component="ul" spacing={0.75} sx={{ m: 0, p: 0, listStyle: "none" }}>
              {[...RISK_TIERS, null].map((tier) => (
                <Box component="li" key={tier ?? NOT_ASSESSED} sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
                  <TierChip tier={tier} />
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {metrics.by_risk_tier[tier ?? NOT_ASSESSED] ?? 0}
                  </Typography>
                </Box>
              ))}
            </Stack>
          ) : (
            <Skeleton height={120} />
          )}
        </CardContent>
      </Card>
      {awaiting !== null && <FigureCard title={t("dashboard.cards.awaiting")} value={awaiting} hint={t("dashboard.cards.awaitingHint")} />}
      <FigureCard
        title={t("dashboard.cards.overdue")}
        value={metrics?.reviews_overdue}
        alarm
        hint={metrics && t("dashboard.cards.dueSoon", { count: metrics.reviews_due, days: REVIEW_REMINDER_DAYS_BEFORE })}
      />
      <FigureCard
        title={t("dashboard.cards.controls")}
        value={metrics && Math.round(metrics.controls.progress * 100)}
        unit="%"
        hint={metrics && t("dashboard.cards.controlsHint", { done: metrics.controls.implemented + metrics.controls.not_applicable, total: metrics.controls.applicable })}
      />
    </Box>
  );
}
