import { useRef, useState } from "react";
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  alpha,
} from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import type { HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { DOCUMENT_ACCEPT } from "../../../../domain/entities/document";
import { isHttpUrl, todayIso, type Evidence } from "../../../../domain/entities/framework";
import { ConfirmDialog } from "../../../components/dialogs/ConfirmDialog";
import { useFormatDate } from "../../../components/risk/dates";
import { apiBlob } from "../../../providers/api-client";
import { notify } from "../../../providers/notifications";
import { saveBlob } from "../documents/document-format";
import { useAddEvidence, useEvidenceRemoval } from "./control-api";

type Errors = Partial<Record<"name" | "url" | "file" | "expires_on", string>>;

function EvidenceItem({ evidence, applicationId, canEdit, onRemoved }: { evidence: Evidence; applicationId: string; canEdit: boolean; onRemoved(): void }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [confirming, setConfirming] = useState(false);
  const removeEvidence = useEvidenceRemoval(applicationId);
  const download = async () => {
    try {
      saveBlob(await apiBlob(`/applications/${applicationId}/controls/${evidence.control_id}/evidence/${evidence.id}/content`), evidence.name);
    } catch (error) {
      notify({ severity: "error", message: (error as Error).message });
    }
  };
  return (
    <ListItem
      divider
      sx={evidence.expired ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08), borderLeft: 3, borderColor: "error.main" } : undefined}
      secondaryAction={
        <Stack direction="row">
          {evidence.kind === "file" && (
            <IconButton aria-label={t("controls.evidence.download", { name: evidence.name })} onClick={() => void download()}>
              <DownloadOutlined />
            </IconButton>
          )}
          {canEdit && (
            <IconButton aria-label={t("controls.evidence.remove", { name: evidence.name })} onClick={() => setConfirming(true)}>
              <DeleteOutline />
            </IconButton>
          )}
        </Stack>
      }
    >
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            {evidence.kind === "link" && evidence.url ? (
              <Link href={evidence.url} target="_blank" rel="noopener noreferrer">
                {evidence.name}
              </Link>
            ) : (
              <span>{evidence.name}</span>
            )}
            <Chip size="small" variant="outlined" label={t(`controls.evidence.kinds.${evidence.kind}`)} />
            {evidence.expired && <Chip size="small" color="error" label={t("controls.evidence.expired")} />}
          </Stack>
        }
        secondary={
          <>
            {t("controls.evidence.addedBy", { name: evidence.added_by.name, date: formatDate(evidence.created_at) })}
            {evidence.expires_on && ` · ${t("controls.evidence.expiresOn", { date: formatDate(evidence.expires_on) })}`}
          </>
        }
      />
      <ConfirmDialog
        open={confirming}
        destructive
        title={t("controls.evidence.removeTitle")}
        confirmLabel={t("common.actions.delete")}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await removeEvidence(evidence.control_id, evidence.id);
          setConfirming(false);
          onRemoved();
        }}
      >
        {t("controls.evidence.removeBody", { name: evidence.name })}
      </ConfirmDialog>
    </ListItem>
  );
}

/** A control's evidence: the list (expired highlighted) and, for those allowed, a form to add a link or a file. */
export function EvidenceSection({
  applicationId,
  controlId,
  evidence,
  canEdit,
  onChanged,
}: {
  applicationId: string;
  controlId: string;
  evidence: Evidence[];
  canEdit: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const { add, progress, uploading } = useAddEvidence(applicationId, controlId);
  const [kind, setKind] = useState<"link" | "file">("link");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [expiresOn, setExpiresOn] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const validate = (): Errors => {
    const found: Errors = {};
    if (!name.trim() && !(kind === "file" && file)) found.name = t("validation.required");
    if (kind === "link" && !isHttpUrl(url.trim())) found.url = t("controls.errors.linkScheme");
    if (kind === "file" && !file) found.file = t("validation.required");
    if (expiresOn && expiresOn < todayIso()) found.expires_on = t("controls.errors.expiryPast");
    return found;
  };

  const submit = async () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const evidenceName = name.trim() || file?.name || "";
      await add(
        kind === "link"
          ? { kind, name: evidenceName, url: url.trim(), expires_on: expiresOn || undefined }
          : { kind, name: evidenceName, file: file!, expires_on: expiresOn || undefined },
      );
      notify({ severity: "success", message: t("controls.evidence.added") });
      setName("");
      setUrl("");
      setFile(null);
      setExpiresOn("");
      if (fileInput.current) fileInput.current.value = "";
      onChanged();
    } catch (error) {
      const http = error as HttpError;
      const fieldErrors: Errors = {};
      for (const [path, messages] of Object.entries(http.errors ?? {})) {
        const message = Array.isArray(messages) ? messages[0] : String(messages);
        if (path === "name" || path === "url" || path === "expires_on" || path === "file") fieldErrors[path] = t(String(message));
      }
      setErrors(fieldErrors);
      if (!Object.keys(fieldErrors).length) notify({ severity: "error", message: http.message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="section" aria-labelledby={`evidence-${controlId}`} sx={{ display: "grid", gap: 1 }}>
      <Typography variant="subtitle1" component="h3" id={`evidence-${controlId}`}>
        {t("controls.evidence.title", { count: evidence.length })}
      </Typography>
      {evidence.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("controls.evidence.none")}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t("controls.evidence.listLabel")}>
          {evidence.map((e) => (
            <EvidenceItem key={e.id} evidence={e} applicationId={applicationId} canEdit={canEdit} onRemoved={onChanged} />
          ))}
        </List>
      )}
      {canEdit && (
        <Box component="form" noValidate aria-label={t("controls.evidence.addTitle")} onSubmit={(e) => (e.preventDefault(), void submit())} sx={{ display: "grid", gap: 1.5, mt: 1 }}>
          <Typography variant="subtitle2" component="h4">
            {t("controls.evidence.addTitle")}
          </Typography>
          <RadioGroup row value={kind} onChange={(e) => setKind(e.target.value as "link" | "file")} aria-label={t("controls.evidence.kind")}>
            <FormControlLabel value="link" control={<Radio />} label={t("controls.evidence.kinds.link")} />
            <FormControlLabel value="file" control={<Radio />} label={t("controls.evidence.kinds.file")} />
          </RadioGroup>
          <TextField size="small" label={t("controls.evidence.name")} value={name} onChange={(e) => setName(e.target.value)} error={Boolean(errors.name)} helperText={errors.name} />
          {kind === "link" ? (
            <TextField
              size="small"
              type="url"
              label={t("controls.evidence.url")}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              error={Boolean(errors.url)}
              helperText={errors.url ?? t("controls.evidence.urlHelp")}
            />
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Button variant="outlined" component="label">
                {t("controls.evidence.chooseFile")}
                <input ref={fileInput} hidden type="file" accept={DOCUMENT_ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)} aria-label={t("controls.evidence.chooseFile")} />
              </Button>
              <Typography variant="body2" color={errors.file ? "error" : "text.secondary"}>
                {file?.name ?? errors.file ?? t("controls.evidence.noFile")}
              </Typography>
            </Stack>
          )}
          <TextField
            size="small"
            type="date"
            label={t("controls.evidence.expiry")}
            value={expiresOn}
            onChange={(e) => setExpiresOn(e.target.value)}
            error={Boolean(errors.expires_on)}
            helperText={errors.expires_on}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayIso() } }}
          />
          {uploading && <LinearProgress variant="determinate" value={progress ?? 0} aria-label={t("controls.evidence.uploadProgress")} />}
          {uploading && <Alert severity="info">{t("controls.evidence.uploading", { percent: progress ?? 0 })}</Alert>}
          <Box>
            <Button type="submit" variant="contained" disabled={saving}>
              {t("controls.evidence.add")}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
