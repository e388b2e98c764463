import { useState } from "react";
import { Alert, Box, Button, LinearProgress, Typography } from "@mui/material";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import PlayArrowOutlined from "@mui/icons-material/PlayArrowOutlined";
import { useTranslation } from "react-i18next";
import type { ApplicationDocument } from "../../../../domain/entities/document";
import type { PromptLanguage, PromptSet, PromptSetId } from "../../../../domain/testing/prompt-sets";
import { apiBlob } from "../../../providers/api-client";
import { saveBlob } from "../../applications/documents/document-format";
import { promptSetCsvPath, usePromptSets, useRunPromptSet } from "./prompt-sets-api";

type Outcome = { severity: "success" | "error" | "info"; text: string };

interface Props {
  applicationId: string;
  /** The application's endpoint speaks the chat-completions protocol: Steward can run a set itself. */
  canRun: boolean;
  /** A run's stored responses, to choose as the file to test. */
  onRan(document: ApplicationDocument): void;
}

/** The counterfactual prompt sets: a CSV per language to run through the model, or a run through the endpoint. */
export function PromptSetsSection({ applicationId, canRun, onRan }: Props) {
  const { t, i18n } = useTranslation();
  const lang: PromptLanguage = i18n.resolvedLanguage === "es" ? "es" : "en";
  const { sets, loading, error } = usePromptSets(lang);
  const { run, running } = useRunPromptSet(applicationId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const languageName = (language: PromptLanguage) => t(`testing.create.promptSets.languages.${language}`);

  const download = async (setId: PromptSetId, language: PromptLanguage) => {
    setOutcome(null);
    try {
      saveBlob(await apiBlob(promptSetCsvPath(setId, language)), `prompts-${setId}-${language}.csv`);
    } catch (failure) {
      setOutcome({ severity: "error", text: t("testing.create.promptSets.downloadFailed", { message: (failure as Error).message }) });
    }
  };
  const runSet = async (set: PromptSet, language: PromptLanguage) => {
    setOutcome({ severity: "info", text: t("testing.create.promptSets.running", { set: set.title }) });
    try {
      const document = await run(set.id, language);
      setOutcome({ severity: "success", text: t("testing.create.promptSets.ran", { name: document.name }) });
      onRan(document);
    } catch (failure) {
      setOutcome({ severity: "error", text: t("testing.create.promptSets.runFailed", { message: (failure as Error).message }) });
    }
  };

  return (
    <Box component="section" aria-labelledby="prompt-sets-title" sx={{ display: "grid", gap: 1 }}>
      <Typography id="prompt-sets-title" variant="subtitle2" component="h3">
        {t("testing.create.promptSets.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t("testing.create.promptSets.help")} {canRun && t("testing.create.promptSets.helpEndpoint")}
      </Typography>
      {loading && <LinearProgress aria-label={t("testing.create.promptSets.loading")} />}
      {error && <Alert severity="error">{t("testing.create.promptSets.loadFailed", { message: error.message })}</Alert>}
      {sets.map((set) => (
        <Box key={set.id} role="group" aria-label={set.title} sx={{ display: "grid", gap: 0.5, border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}>
          <Typography variant="body2" fontWeight={600}>
            {set.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {set.description}
          </Typography>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            {set.languages.map((language) => (
              <Box key={language} sx={{ display: "flex", gap: 1 }}>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<DownloadOutlined />}
                  title={t("testing.create.promptSets.prompts", { count: set.prompts[language] ?? 0, language: languageName(language) })}
                  onClick={() => void download(set.id, language)}
                >
                  {t("testing.create.promptSets.download", { language: languageName(language) })}
                </Button>
                {canRun && (
                  <Button size="small" startIcon={<PlayArrowOutlined />} disabled={running} onClick={() => void runSet(set, language)}>
                    {t("testing.create.promptSets.run", { language: languageName(language) })}
                  </Button>
                )}
              </Box>
            ))}
          </Box>
        </Box>
      ))}
      {running && <LinearProgress />}
      {outcome && (
        <Alert severity={outcome.severity} role={outcome.severity === "error" ? "alert" : "status"}>
          {outcome.text}
        </Alert>
      )}
    </Box>
  );
}
