import { useMemo, useRef, useState } from "react";
import { Alert, Box, Button, Typography } from "@mui/material";
import { useUpdate, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Vendor } from "../../../domain/entities/vendor";
import { VENDOR_QUESTIONS, vendorOptionLabelKey, vendorQuestionLabelKey, type VendorDetails, type VendorQuestionId } from "../../../domain/vendors";
import { ConflictDialog, type ConflictRow } from "../../components/forms/conflict/ConflictDialog";
import { isStaleVersion } from "../../components/forms/conflict/stale-version";
import { notify } from "../../providers/notifications";
import { VENDORS_RESOURCE } from "./vendor-api";
import { changedAnswers } from "./vendor-form";
import { VendorQuestionField } from "./VendorQuestionField";
import { VendorRiskPreview } from "./VendorRiskPreview";
import { SectionCard } from "../../components/layout/SectionCard";

interface Props {
  vendorId: string;
  stored: VendorDetails;
  /** The vendor's version as loaded: a save made on it never overwrites a newer one. */
  version: number;
  canEdit: boolean;
  /** After a save: the risk may have changed, and with it the linked applications. */
  onSaved(): void;
}

/** The vendor's risk questions with the live risk preview beside them; saves only the changed answers. */
export function VendorQuestionnaire({ vendorId, stored, version, canEdit, onSaved }: Props) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<VendorDetails>(stored);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync, mutation } = useUpdate<Vendor, HttpError>();
  const changes = useMemo(() => changedAnswers(stored, answers), [stored, answers]);

  // The answers a save refused because someone else saved first, shown beside the stored ones.
  const [conflict, setConflict] = useState<VendorDetails | null>(null);
  const editedVersion = useRef(version);

  // Fresh answers from the server replace the form unless the user is editing (only a new `stored` triggers it).
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    if (!changedAnswers(seen, answers)) {
      setAnswers(stored);
      editedVersion.current = version;
    }
  }

  const answerText = (id: string, value: unknown): string => {
    if (value === null || value === undefined || value === "") return t("vendors.answers.unanswered");
    if (typeof value === "boolean") return t(value ? "vendors.answers.yes" : "vendors.answers.no");
    if (Array.isArray(value)) return value.length ? value.map((v) => answerText(id, v)).join(", ") : t("vendors.answers.unanswered");
    return t(vendorOptionLabelKey(id as VendorQuestionId, String(value)), { defaultValue: String(value) });
  };
  const conflictRows = (yours: VendorDetails): ConflictRow[] =>
    Object.keys(changedAnswers(stored, yours) ?? {}).map((id) => ({
      field: id,
      label: t(vendorQuestionLabelKey(id as VendorQuestionId)),
      yours: answerText(id, yours[id as keyof VendorDetails]),
      current: answerText(id, stored[id as keyof VendorDetails]),
    }));
  const reload = () => {
    setAnswers(stored);
    editedVersion.current = version;
    setConflict(null);
  };

  const save = async () => {
    if (!changes) return;
    setFailure(null);
    setErrors({});
    try {
      await mutateAsync({
        resource: VENDORS_RESOURCE,
        id: vendorId,
        values: { details: changes },
        meta: { method: "PUT", version: editedVersion.current },
        successNotification: false,
        errorNotification: false,
      });
      notify({ message: t("vendors.saved"), severity: "success" });
      onSaved();
    } catch (error) {
      if (isStaleVersion(error)) {
        setConflict(answers);
        onSaved();
        return;
      }
      const fieldErrors: Record<string, string> = {};
      for (const [path, messages] of Object.entries((error as HttpError).errors ?? {})) {
        const id = path.replace(/^details\./, "").split(".")[0];
        fieldErrors[id] = String(Array.isArray(messages) ? messages[0] : messages);
      }
      setErrors(fieldErrors);
      setFailure(t("vendors.saveFailed"));
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 2fr) minmax(260px, 1fr)" }, alignItems: "start" }}>
      <SectionCard titleId="vendor-questionnaire-title" title={t("vendors.detail.questionnaire")} gap={2.5} sx={{ order: { xs: 2, md: 1 } }}>
        <Typography variant="body2" color="text.secondary">
          {t("vendors.detail.questionnaireHelp")}
        </Typography>
        {VENDOR_QUESTIONS.map((q) => (
          <VendorQuestionField
            key={q.id}
            question={q}
            value={answers[q.id]}
            disabled={!canEdit}
            error={errors[q.id]}
            onChange={(value) => setAnswers((prev) => ({ ...prev, [q.id]: value }))}
          />
        ))}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {canEdit && (
          <Box sx={{ display: "flex", gap: 1 }}>
            <Button variant="contained" onClick={save} disabled={!changes || mutation.isPending}>
              {t("common.save")}
            </Button>
            <Button onClick={() => setAnswers(stored)} disabled={!changes || mutation.isPending}>
              {t("common.cancel")}
            </Button>
          </Box>
        )}
      </SectionCard>
      <Box sx={{ position: { md: "sticky" }, top: { md: 16 }, order: { xs: 1, md: 2 } }}>
        <VendorRiskPreview details={answers} />
      </Box>
      <ConflictDialog rows={conflict && conflictRows(conflict)} onReload={reload} onClose={() => setConflict(null)} />
    </Box>
  );
}
