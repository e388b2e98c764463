import { useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { Alert, Box, Button, Checkbox, Chip, FormControlLabel, LinearProgress, TextField, Typography } from "@mui/material";
import type { HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { ModelEndpoint } from "../../../../domain/entities/model-endpoint";
import { ConfirmDialog } from "../../../components/dialogs/ConfirmDialog";
import { SelectField } from "../../../components/forms/SelectField";
import { useResourceForm } from "../../../components/forms/use-resource-form";
import { SectionCard } from "../../../components/layout/SectionCard";
import { notify } from "../../../providers/notifications";
import { endpointFormSchema, endpointValuesOf, type EndpointValues } from "./endpoint-form";
import { useEndpointActions, useModelEndpoint, type EndpointCheck } from "./endpoint-api";

type CheckOutcome = { severity: "success" | "error"; text: string };

/**
 * The model a synthetic test sends its population to: URL, protocol, model and a token that is written, never
 * read back (the card says whether one is stored). Contributors and administrators save, check and remove it.
 */
export function ModelEndpointCard({ applicationId, canEdit }: { applicationId: string; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const { endpoint, loading, error, refetch } = useModelEndpoint(applicationId);
  const actions = useEndpointActions(applicationId, refetch);
  const [checked, setChecked] = useState<CheckOutcome | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);

  const form = useResourceForm<typeof endpointFormSchema, ModelEndpoint, EndpointValues>({
    schema: endpointFormSchema,
    values: endpointValuesOf(endpoint),
    version: endpoint?.version,
    conflictFields: [
      { name: "url", label: t("testing.endpoint.url") },
      { name: "protocol", label: t("testing.endpoint.protocol"), format: (p) => t(`testing.endpoint.protocols.${String(p)}`) },
      { name: "model", label: t("testing.endpoint.model") },
    ],
    refetch,
    success: "testing.endpoint.saved",
    failure: "testing.endpoint.saveFailed",
    save: (input, version) => {
      setChecked(null);
      return actions.save(input, version);
    },
  });
  const removeToken = useWatch({ control: form.control, name: "removeToken" });
  const tokenField = form.field("token");

  const check = async () => {
    setChecked(null);
    try {
      const answer: EndpointCheck = await actions.check();
      if (answer.ok) setChecked({ severity: "success", text: t("testing.endpoint.checkOk") });
      else {
        const reason = answer.error && i18n.exists(answer.error) ? t(answer.error, answer.error_params ?? {}) : t("testing.errors.failed");
        setChecked({ severity: "error", text: t("testing.endpoint.checkFailed", { reason }) });
      }
    } catch (failure) {
      setChecked({ severity: "error", text: t("testing.endpoint.checkFailed", { reason: (failure as HttpError).message }) });
    }
  };

  const remove = async () => {
    setRemoveFailure(null);
    try {
      await actions.remove();
    } catch (failure) {
      setRemoveFailure(t("testing.endpoint.removeFailed", { message: (failure as HttpError).message }));
      throw failure;
    }
    setChecked(null);
    notify({ severity: "success", message: t("testing.endpoint.removed") });
  };

  const tokenState = endpoint?.has_token ? t("testing.endpoint.tokenStored") : t("testing.endpoint.tokenNone");
  return (
    <SectionCard titleId="testing-endpoint-title" title={t("testing.endpoint.title")}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 760 }}>
        {t("testing.endpoint.help")}
      </Typography>
      {loading && <LinearProgress aria-label={t("testing.endpoint.loading")} />}
      {error && <Alert severity="error">{t("testing.endpoint.loadFailed", { message: error.message })}</Alert>}
      {!loading && !error && !canEdit && <EndpointSummary endpoint={endpoint} tokenState={tokenState} />}
      {!loading && !error && canEdit && (
        <Box component="form" noValidate aria-labelledby="testing-endpoint-title" onSubmit={form.submit} sx={{ display: "grid", gap: 2, maxWidth: 620 }}>
          {form.failure && <Alert severity="error">{form.failure}</Alert>}
          {!endpoint && <Typography variant="body2">{t("testing.endpoint.none")}</Typography>}
          <TextField label={t("testing.endpoint.url")} required placeholder="https://models.example.com/v1/models/hiring:predict" {...form.field("url")} />
          <SelectField
            control={form.control}
            name="protocol"
            label={t("testing.endpoint.protocol")}
            options={(["kserve_v1", "openai_chat"] as const).map((p) => ({ value: p, label: t(`testing.endpoint.protocols.${p}`) }))}
          />
          <TextField label={t("testing.endpoint.model")} {...form.field("model")} />
          <Box sx={{ display: "grid", gap: 0.5 }}>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
              <Typography variant="body2">{t("testing.endpoint.token")}</Typography>
              <Chip size="small" variant="outlined" color={endpoint?.has_token ? "success" : "default"} label={tokenState} />
            </Box>
            <TextField
              type="password"
              autoComplete="new-password"
              label={endpoint?.has_token ? t("testing.endpoint.tokenReplace") : t("testing.endpoint.tokenNew")}
              disabled={removeToken}
              {...tokenField}
              helperText={tokenField.helperText ?? t("testing.endpoint.tokenHelp")}
            />
            {endpoint?.has_token && (
              <Controller
                control={form.control}
                name="removeToken"
                render={({ field }) => (
                  <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label={t("testing.endpoint.removeToken")} />
                )}
              />
            )}
          </Box>
          {checked && (
            <Alert severity={checked.severity} role={checked.severity === "error" ? "alert" : "status"} onClose={() => setChecked(null)}>
              {checked.text}
            </Alert>
          )}
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button type="submit" variant="contained" disabled={form.busy || actions.busy}>
              {t("testing.endpoint.save")}
            </Button>
            {endpoint && (
              <>
                <Button onClick={() => void check()} disabled={form.busy || actions.busy || form.formState.isDirty}>
                  {t("testing.endpoint.check")}
                </Button>
                <Button color="error" onClick={() => setRemoving(true)} disabled={form.busy || actions.busy}>
                  {t("testing.endpoint.remove")}
                </Button>
              </>
            )}
          </Box>
          {endpoint && form.formState.isDirty && (
            <Typography variant="caption" color="text.secondary">
              {t("testing.endpoint.saveFirst")}
            </Typography>
          )}
        </Box>
      )}
      {form.conflictDialog}
      <ConfirmDialog open={removing} title={t("testing.endpoint.removeTitle")} confirmLabel={t("testing.endpoint.remove")} destructive error={removeFailure} onClose={() => setRemoving(false)} onConfirm={remove}>
        {t("testing.endpoint.removeBody")}
      </ConfirmDialog>
    </SectionCard>
  );
}

/** The endpoint as a reader sees it: where it is and how it is called; the token only as stored or not. */
function EndpointSummary({ endpoint, tokenState }: { endpoint: ModelEndpoint | null | undefined; tokenState: string }) {
  const { t } = useTranslation();
  if (!endpoint) return <Typography variant="body2">{t("testing.endpoint.noneReadOnly")}</Typography>;
  const rows: [string, string][] = [
    [t("testing.endpoint.url"), endpoint.url],
    [t("testing.endpoint.protocol"), t(`testing.endpoint.protocols.${endpoint.protocol}`)],
    [t("testing.endpoint.model"), endpoint.model ?? t("testing.summary.none")],
    [t("testing.endpoint.token"), tokenState],
  ];
  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: "anywhere" }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
