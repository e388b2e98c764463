import { useState } from "react";
import {
  Badge,
  Button,
  Chip,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
  alpha,
} from "@mui/material";
import type { HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { CONTROL_STATUSES, type ControlStatus } from "../../../../domain/frameworks/types";
import type { ApplicationControl, ApplicationControlUpdate } from "../../../../domain/entities/framework";
import { ReasonDialog } from "../../../components/dialogs/ReasonDialog";
import { useFormatDate } from "../../../components/risk/dates";
import { notify } from "../../../providers/notifications";
import { useControlUpdate, type Person } from "./control-api";
import { isStaleVersion } from "../../../components/forms/conflict/stale-version";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One control in the Controls tab: status, owner and due date inline (for those allowed), evidence behind a button. */
export function ControlRow({
  applicationId,
  control,
  owners,
  canEdit,
  onOpen,
  onChanged,
}: {
  applicationId: string;
  control: ApplicationControl;
  owners: Person[];
  canEdit: boolean;
  onOpen(): void;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [justifying, setJustifying] = useState(false);
  const [saving, setSaving] = useState(false);
  const updateControl = useControlUpdate(applicationId);
  const options = control.owner && !owners.some((o) => o.id === control.owner!.id) ? [control.owner, ...owners] : owners;

  const save = async (body: ApplicationControlUpdate): Promise<string | null> => {
    setSaving(true);
    try {
      await updateControl(control.id, body, control.version);
      notify({ severity: "success", message: t("controls.saved") });
      onChanged();
      return null;
    } catch (error) {
      if (isStaleVersion(error)) {
        // A one-click change: the row shows the stored values again, and the message says why the click did nothing.
        notify({ severity: "warning", message: t("common.conflict.notSaved") });
        onChanged();
        return t("common.conflict.notSaved");
      }
      const http = error as HttpError;
      const first = Object.values(http.errors ?? {})[0];
      const message = Array.isArray(first) ? t(String(first[0])) : http.message;
      notify({ severity: "error", message });
      return message;
    } finally {
      setSaving(false);
    }
  };

  const changeStatus = (status: ControlStatus) => {
    if (status === "not_applicable" && !control.justification) setJustifying(true);
    else void save({ status });
  };

  const highlight = control.overdue ? "warning" : control.expired_evidence_count > 0 ? "error" : null;
  return (
    <TableRow
      hover
      data-control-id={control.id}
      sx={highlight ? { bgcolor: (theme) => alpha(theme.palette[highlight].main, 0.08) } : undefined}
    >
      <TableCell sx={{ maxWidth: 360 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {control.id} {control.name}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: 0.5 }}>
          {control.overdue && <Chip size="small" color="warning" label={t("controls.overdue")} />}
          {control.expired_evidence_count > 0 && <Chip size="small" color="error" label={t("controls.expiredEvidence", { count: control.expired_evidence_count })} />}
          {control.status === "not_applicable" && control.justification && (
            <Typography variant="caption" color="text.secondary">
              {t("controls.justificationShown", { text: control.justification })}
            </Typography>
          )}
        </Stack>
      </TableCell>
      <TableCell>
        {canEdit ? (
          <TextField
            select
            size="small"
            value={control.status}
            disabled={saving}
            onChange={(e) => changeStatus(e.target.value as ControlStatus)}
            slotProps={{ select: { native: true }, htmlInput: { "aria-label": t("controls.statusOf", { id: control.id }) } }}
          >
            {CONTROL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`controls.statuses.${s}`)}
              </option>
            ))}
          </TextField>
        ) : (
          t(`controls.statuses.${control.status}`)
        )}
      </TableCell>
      <TableCell>
        {canEdit ? (
          <TextField
            select
            size="small"
            value={control.owner?.id ?? ""}
            disabled={saving}
            onChange={(e) => void save({ owner_id: e.target.value || null })}
            slotProps={{ select: { native: true }, htmlInput: { "aria-label": t("controls.ownerOf", { id: control.id }) } }}
          >
            <option value="">{t("controls.noOwner")}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </TextField>
        ) : (
          (control.owner?.name ?? t("controls.noOwner"))
        )}
      </TableCell>
      <TableCell>
        {canEdit ? (
          <TextField
            type="date"
            size="small"
            defaultValue={control.due_date ?? ""}
            key={control.due_date ?? ""}
            disabled={saving}
            onChange={(e) => {
              const value = e.target.value;
              if (value !== (control.due_date ?? "") && (value === "" || ISO_DATE.test(value))) void save({ due_date: value || null });
            }}
            error={control.overdue}
            slotProps={{ htmlInput: { "aria-label": t("controls.dueDateOf", { id: control.id }) } }}
          />
        ) : control.due_date ? (
          formatDate(control.due_date)
        ) : (
          "—"
        )}
      </TableCell>
      <TableCell>
        <Badge badgeContent={control.evidence_count} color="primary" showZero>
          <Button size="small" variant="outlined" onClick={onOpen} aria-label={t("controls.openControl", { id: control.id, count: control.evidence_count })}>
            {t("controls.evidenceButton")}
          </Button>
        </Badge>
      </TableCell>
      {justifying && (
        // The server refuses "not applicable" without a justification.
        <ReasonDialog
          titleId="justification-title"
          title={t("controls.notApplicableTitle", { id: control.id })}
          body={t("controls.notApplicableBody")}
          label={t("controls.justification")}
          initialText={control.justification ?? ""}
          requiredMessage={t("controls.errors.justificationRequired")}
          submitLabel={t("common.save")}
          onCancel={() => setJustifying(false)}
          onSubmit={async (text) => {
            const problem = await save({ status: "not_applicable", justification: text });
            if (!problem) setJustifying(false);
            return problem;
          }}
        />
      )}
    </TableRow>
  );
}
