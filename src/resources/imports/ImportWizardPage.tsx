import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { Alert, Box, Button, Step, StepLabel, Stepper, Typography } from "@mui/material";
import { useInvalidate, useNavigation } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Import } from "../../../domain/entities/import";
import { IMPORT_ENTITIES, type ImportEntity } from "../../../domain/imports/fields";
import { ListPageHeader } from "../../components/data-grid/ListPage";
import { useLocaleAreas } from "../../i18n/use-all-areas";
import { EntityNotFound } from "../../pages/errors/EntityNotFound";
import { MappingStep } from "./MappingStep";
import { ReviewStep } from "./ReviewStep";
import { UploadStep } from "./UploadStep";

const AREAS = ["imports"];
const STEPS = ["upload", "map", "review"] as const;

const isEntity = (value: string | undefined): value is ImportEntity => (IMPORT_ENTITIES as readonly string[]).includes(value ?? "");

/** /imports/new/:entity: upload a spreadsheet of applications or vendors, match its columns, check every row, import. */
export default function ImportWizardPage() {
  useLocaleAreas(AREAS);
  const { t } = useTranslation();
  const { listUrl } = useNavigation();
  const { entity } = useParams<{ entity: string }>();
  const [imported, setImported] = useState<Import | null>(null);
  const [step, setStep] = useState(0);
  const invalidate = useInvalidate();

  if (!isEntity(entity)) return <EntityNotFound title={t("errors.notFound.title")} backTo={listUrl("applications")} backLabel={t("layout.nav.applications")} />;
  const restart = () => {
    setImported(null);
    setStep(0);
  };
  const committed = imported?.status === "committed";
  const outcomes = imported?.rows.reduce((n, r) => ({ ...n, [r.outcome ?? "skipped"]: (n[r.outcome ?? "skipped"] ?? 0) + 1 }), {} as Record<string, number>);

  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <ListPageHeader title={t(`imports.wizard.titles.${entity}`)} help={t("imports.wizard.help")} />
      <Stepper activeStep={committed ? STEPS.length : step} aria-label={t(`imports.wizard.titles.${entity}`)}>
        {STEPS.map((s) => (
          <Step key={s}>
            <StepLabel>{t(`imports.wizard.steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {imported && !committed && (
        <Typography variant="body2" color="text.secondary">
          {t("imports.wizard.upload.chosen", { name: imported.file_name, rows: imported.counts.rows, columns: imported.columns.length })}
        </Typography>
      )}
      {committed ? (
        <Box sx={{ display: "grid", gap: 2, justifyItems: "start" }}>
          <Alert severity="success" role="status">
            <strong>{t("imports.wizard.done.title")}</strong> {t("imports.wizard.done.summary", { created: outcomes?.created ?? 0, updated: outcomes?.updated ?? 0, skipped: outcomes?.skipped ?? 0 })}
          </Alert>
          <Box sx={{ display: "flex", gap: 1 }}>
            <Button variant="contained" component={RouterLink} to={listUrl(entity)}>
              {t("imports.wizard.done.back")}
            </Button>
            <Button onClick={restart}>{t("imports.wizard.done.another")}</Button>
          </Box>
        </Box>
      ) : step === 0 || !imported ? (
        <UploadStep
          entity={entity}
          onUploaded={(next) => {
            setImported(next);
            setStep(1);
          }}
        />
      ) : step === 1 ? (
        <MappingStep
          imported={imported}
          onChecked={(next) => {
            setImported(next);
            setStep(2);
          }}
        />
      ) : (
        <>
          <Box>
            <Button onClick={() => setStep(1)}>{t("imports.wizard.steps.map")}</Button>
          </Box>
          <ReviewStep
            imported={imported}
            onCommitted={(done) => {
              setImported(done);
              // The list (and any record on screen) shows what the import added and changed.
              void invalidate({ resource: entity, invalidates: ["list", "detail"] });
            }}
          />
        </>
      )}
    </Box>
  );
}
