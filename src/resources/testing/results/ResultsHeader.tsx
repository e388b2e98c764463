import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { Box, Button, Link, Typography } from "@mui/material";
import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import { useNavigation } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { TestingTask } from "../../../../domain/entities/testing-task";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";
import { viewerPath } from "../../applications/documents/document-format";
import { useResourceUrl } from "../../links";
import { useResultFormats } from "./result-formats";
import { finishedAt } from "./results-labels";

interface Props {
  task: Omit<TestingTask, "results">;
  title: string;
  /** The application's name once loaded. */
  applicationName: string | undefined;
  /** What this kind of test adds to the facts every test has (its status, the responses read…). */
  facts?: readonly [term: string, value: ReactNode][];
  /** What the user may do with the test (downloads, evidence, how to read it). */
  actions?: ReactNode;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "contents" }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What was tested, on which application, when, by whom and over which file, for every kind of test. */
export function ResultsHeader({ task, title, applicationName, facts = [], actions }: Props) {
  const { t } = useTranslation();
  const { showUrl } = useNavigation();
  const url = useResourceUrl();
  const formatDateTime = useFormatDateTime();
  const formats = useResultFormats();
  const ready = task.status === "ready";
  const population = task.population;

  return (
    <Box component="header" sx={{ display: "grid", gap: 2 }}>
      <Box>
        <Button component={RouterLink} to={url("applications", "show", { id: task.application_id }, { tab: "testing" })} startIcon={<ArrowBackOutlined />} size="small">
          {t("testing-results.back")}
        </Button>
      </Box>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, m: 0 }}>
        <Fact term={t("testing-results.header.application")}>
          <Link component={RouterLink} to={showUrl("applications", task.application_id)}>
            {applicationName ?? t("testing-results.none")}
          </Link>
        </Fact>
        <Fact term={t("testing-results.header.dataSource")}>{t(`testing.dataSources.${task.data_source}`)}</Fact>
        {ready ? (
          <Fact term={t("testing-results.header.ranAt")}>{formatDateTime(finishedAt(task))}</Fact>
        ) : (
          <Fact term={t("testing-results.header.createdAt")}>{formatDateTime(task.created_at)}</Fact>
        )}
        <Fact term={t("testing-results.header.startedBy")}>{task.started_by.name}</Fact>
        <Fact term={t("testing-results.header.file")}>
          {task.document ? (
            <Link component={RouterLink} to={viewerPath(task.application_id, task.document.id)}>
              {task.document.name}
            </Link>
          ) : population ? (
            t("testing-results.header.population", { size: formats.count(population.size), seed: population.seed })
          ) : (
            t("testing-results.none")
          )}
        </Fact>
        {facts.map(([term, value]) => (
          <Fact key={term} term={term}>
            {value}
          </Fact>
        ))}
      </Box>
      {actions && <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}>{actions}</Box>}
    </Box>
  );
}
