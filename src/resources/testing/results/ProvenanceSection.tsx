import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { FairnessResults, Population } from "../../../../domain/entities/testing-task";
import { SectionCard } from "../../../components/layout/SectionCard";
import { mappingFacts, populationFacts, type Fact } from "./column-mapping";
import type { ResultFormats } from "./result-formats";

function Facts({ label, facts }: { label: string; facts: Fact[] }) {
  return (
    <Box component="dl" aria-label={label} sx={{ display: "grid", gridTemplateColumns: "minmax(max-content, 16rem) 1fr", columnGap: 2, rowGap: 0.5, m: 0 }}>
      {facts.map((fact) => (
        <Box key={fact.term} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {fact.term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: "anywhere", fontFamily: fact.code ? "monospace" : undefined }}>
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** What the data was: enough for an auditor to rerun the test on the same file and get the same figures. */
export function ProvenanceSection({ results, formats }: { results: FairnessResults; formats: ResultFormats }) {
  const { t } = useTranslation();
  const { provenance } = results;
  const population: Population | undefined = provenance.population;
  const run: Fact[] = [
    { term: t("testing-results.provenance.rowsRead"), value: formats.count(provenance.rows_read) },
    { term: t("testing-results.provenance.rowsWithoutOutcome"), value: formats.count(provenance.rows_without_outcome) },
    { term: t("testing-results.provenance.sampleSize"), value: formats.count(results.sample_size) },
    { term: t("testing-results.provenance.sha256"), value: provenance.input_sha256, code: true },
    { term: t("testing-results.provenance.metricVersion"), value: provenance.metric_definitions_version },
    { term: t("testing-results.provenance.stewardVersion"), value: provenance.steward_version },
  ];
  return (
    <SectionCard titleId="results-provenance" title={t("testing-results.provenance.title")}>
      <Typography variant="body2" color="text.secondary">
        {t("testing-results.provenance.help")}
      </Typography>
      <Facts label={t("testing-results.provenance.runLabel")} facts={run} />
      <Typography variant="subtitle1" component="h3">
        {t("testing-results.provenance.mapping.title")}
      </Typography>
      <Facts label={t("testing-results.provenance.mapping.title")} facts={mappingFacts(t, provenance.columns, results.outcome_type)} />
      {population && (
        <>
          <Typography variant="subtitle1" component="h3">
            {t("testing-results.provenance.population.title")}
          </Typography>
          <Facts label={t("testing-results.provenance.population.title")} facts={populationFacts(t, population, formats.count)} />
        </>
      )}
    </SectionCard>
  );
}
