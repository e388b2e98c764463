import { Controller } from "react-hook-form";
import { Alert, FormControlLabel, Switch, TextField } from "@mui/material";
import { useCreate, useList, useUpdate, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ROLE_NAMES } from "../../../domain/access/current-user";
import type { IdentityProvider } from "../../../domain/entities/identity-provider";
import type { ResourceGroup } from "../../../domain/entities/resource-group";
import { roleLabel } from "../../components/access/role-label";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { SelectField } from "../../components/forms/SelectField";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { useClientConfig } from "../../providers/client-config";
import { CopyField } from "../api-access/CopyField";
import { DomainsField } from "./DomainsField";
import { IDENTITY_PROVIDERS_RESOURCE } from "./identity-providers-resource";
import { NEW_PROVIDER, providerFormSchema, valuesOf, type ProviderFormValues } from "./provider-form";
import { ProviderTestPanel } from "./ProviderTestPanel";

export interface IdentityProviderDialogProps {
  /** The provider edited; a new one when absent. */
  provider?: IdentityProvider;
  onClose(): void;
}

/** A domain already served is answered 409 naming `domains`; a 409 without field errors is put there too. */
function domainConflict(error: unknown): never {
  const problem = error as HttpError;
  if (problem?.statusCode === 409 && !problem.errors) throw { ...problem, errors: { domains: [problem.message] } };
  throw error;
}

/** Add or edit a corporate identity provider, and test its connection before saving. */
export function IdentityProviderDialog({ provider, onClose }: IdentityProviderDialogProps) {
  const { t } = useTranslation();
  const { auth } = useClientConfig();
  const creating = provider === undefined;
  const { mutateAsync: create } = useCreate<IdentityProvider, HttpError>();
  const { mutateAsync: update } = useUpdate<IdentityProvider, HttpError>();
  const { result: groups } = useList<ResourceGroup, HttpError>({ resource: "application-groups", pagination: { mode: "off" }, sorters: [{ field: "name", order: "asc" }] });
  const schema = providerFormSchema(creating);
  const form = useResourceForm<typeof schema, IdentityProvider, ProviderFormValues>({
    schema,
    values: provider ? valuesOf(provider) : NEW_PROVIDER,
    version: provider?.version,
    success: creating ? "security.providers.created" : "security.providers.saved",
    save: async (body, version) => {
      const common = { resource: IDENTITY_PROVIDERS_RESOURCE, values: body, successNotification: false, errorNotification: false } as const;
      const saved = creating ? create(common) : update({ ...common, id: provider.id, meta: { method: "PUT", version } });
      return (await saved.catch(domainConflict)).data;
    },
    onSaved: onClose,
  });
  const { control, field, busy, watch, getValues, formState, fieldMessage, trigger } = form;
  const type = watch("type");
  const jitMode = watch("jit_mode");
  const samlAllowed = auth.mode === "cognito";
  // Hosted sign-in answers at /oauth2/idpresponse: on this site locally, at the pool's domain with Cognito.
  const redirectUri = provider?.redirect_uri ?? `${auth.oauth?.origin ?? window.location.origin}/oauth2/idpresponse`;

  const testInput = () => {
    const { issuer_url, client_id, client_secret } = getValues();
    if (!issuer_url.trim() || !client_id.trim() || (creating && !client_secret)) {
      void trigger(["issuer_url", "client_id", "client_secret"]);
      return null;
    }
    return { issuer_url: issuer_url.trim(), client_id: client_id.trim(), ...(client_secret ? { client_secret } : {}), ...(provider ? { provider_id: provider.id } : {}) };
  };

  const domainsError = formState.errors.domains;
  const domainsMessage = fieldMessage(domainsError?.message ?? (Array.isArray(domainsError) ? domainsError.find(Boolean)?.message : undefined));

  return (
    <FormDialog
      titleId="identity-provider-dialog-title"
      title={creating ? t("security.providers.add") : t("security.providers.edit", { name: provider.name })}
      form={form}
      submitLabel={creating ? t("common.actions.create") : t("common.save")}
      onClose={onClose}
      maxWidth="md"
      contentSx={{ display: "grid", gap: 2.5, pt: "8px !important" }}
    >
      <TextField label={t("security.providers.fields.name")} required autoFocus disabled={busy} {...field("name")} />
      <SelectField
        control={control}
        name="type"
        label={t("security.providers.fields.type")}
        required
        // A provider keeps its type (the server refuses a change): a different one is a new provider.
        disabled={busy || !samlAllowed || !creating}
        options={[
          { value: "oidc", label: t("security.providers.types.oidc") },
          ...(samlAllowed || type === "saml" ? [{ value: "saml", label: t("security.providers.types.saml") }] : []),
        ]}
        help={samlAllowed ? undefined : t("security.providers.oidcOnly")}
      />
      {type === "oidc" ? (
        <>
          <TextField label={t("security.providers.fields.issuerUrl")} required disabled={busy} placeholder="https://login.example.com" {...field("issuer_url")} />
          <TextField label={t("security.providers.fields.clientId")} required disabled={busy} {...field("client_id")} />
          <TextField
            label={t("security.providers.fields.clientSecret")}
            type="password"
            autoComplete="new-password"
            required={creating}
            disabled={busy}
            {...field("client_secret")}
            helperText={fieldMessage(formState.errors.client_secret?.message) ?? (provider?.has_client_secret ? t("security.providers.secretStored") : t("security.providers.secretHelp"))}
          />
        </>
      ) : (
        <TextField label={t("security.providers.fields.metadataUrl")} required disabled={busy} {...field("metadata_url")} />
      )}
      <Controller
        control={control}
        name="domains"
        render={({ field: domains }) => <DomainsField value={domains.value} onChange={domains.onChange} onBlur={domains.onBlur} error={domainsMessage} disabled={busy} />}
      />
      <SelectField
        control={control}
        name="jit_mode"
        label={t("security.providers.fields.jitMode")}
        required
        disabled={busy}
        options={[
          { value: "create", label: t("security.providers.jit.create") },
          { value: "existing_only", label: t("security.providers.jit.existing_only") },
        ]}
      />
      {jitMode === "create" && (
        <>
          <SelectField
            control={control}
            name="default_role"
            label={t("security.providers.fields.defaultRole")}
            disabled={busy}
            help={t("security.providers.fields.defaultRoleHelp")}
            options={[{ value: "", label: t("security.providers.noRole") }, ...ROLE_NAMES.map((name) => ({ value: name, label: roleLabel(t, name) }))]}
          />
          <SelectField
            control={control}
            name="default_resource_group_id"
            label={t("security.providers.fields.defaultGroup")}
            disabled={busy}
            options={[{ value: "", label: t("security.providers.noGroup") }, ...groups.data.map((group) => ({ value: group.id, label: group.name }))]}
          />
        </>
      )}
      <Controller
        control={control}
        name="enabled"
        render={({ field: enabled }) => (
          <FormControlLabel
            control={<Switch checked={enabled.value} onChange={(e) => enabled.onChange(e.target.checked)} disabled={busy} slotProps={{ input: { role: "switch" } }} />}
            label={t("security.providers.fields.enabled")}
          />
        )}
      />
      <CopyField label={t("security.providers.redirectUri")} value={redirectUri} copyLabel={t("security.providers.copyRedirectUri")} />
      <Alert severity="info">{t("security.providers.redirectUriHelp")}</Alert>
      {type === "oidc" && <ProviderTestPanel input={testInput} disabled={busy} />}
    </FormDialog>
  );
}
