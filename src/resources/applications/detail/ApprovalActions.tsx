import { useState } from "react";
import { Alert, Box, Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Application } from "../../../../domain/entities/application";
import { approvalActionLabelKey, approvalStatusLabelKey, type ApprovalMove } from "../../../../domain/workflow";
import { ConfirmDialog } from "../../../components/dialogs/ConfirmDialog";
import { notify } from "../../../providers/notifications";
import { track, type ProductEvent } from "../../../telemetry/analytics";
import { useApplicationPut, useRefusalText } from "./application-api";

/** The moves product analytics counts. */
const TRACKED_MOVES: Partial<Record<ApprovalMove["action"], ProductEvent>> = { submit: "application_submitted", approve: "application_approved" };

/** Decisions that end a review are confirmed first; the other moves are one click. */
const CONFIRMED_ACTIONS = new Set(["approve", "reject"]);

/** The approval moves the caller may make now, one button each. */
export function ApprovalActions({ application, moves }: { application: Application; moves: ApprovalMove[] }) {
  const { t } = useTranslation();
  const refusal = useRefusalText();
  const { put, busy } = useApplicationPut(application.id);
  const [confirming, setConfirming] = useState<ApprovalMove | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const make = async (move: ApprovalMove) => {
    setFailure(null);
    try {
      await put({ approval_status: move.to });
      const event = TRACKED_MOVES[move.action];
      if (event) track(event, { application_id: application.id });
      notify({ message: t("application-detail.moves.approvalDone", { status: t(approvalStatusLabelKey(move.to)) }), severity: "success" });
    } catch (error) {
      setFailure(refusal(error));
      throw error;
    }
  };

  if (moves.length === 0 && !failure) return null;
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Box role="group" aria-label={t("application-detail.moves.approvalActions")} sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {moves.map((move) => (
          <Button
            key={move.action}
            variant={move.action === "reject" || move.action === "requestChanges" ? "outlined" : "contained"}
            color={move.action === "reject" ? "error" : "primary"}
            disabled={busy}
            onClick={() => (CONFIRMED_ACTIONS.has(move.action) ? setConfirming(move) : void make(move).catch(() => undefined))}
          >
            {t(approvalActionLabelKey(move.action))}
          </Button>
        ))}
      </Box>
      {failure && !confirming && (
        <Alert severity="error" role="alert" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`application-detail.moves.confirm.${confirming.action}.title`) : ""}
        confirmLabel={confirming ? t(approvalActionLabelKey(confirming.action)) : undefined}
        destructive={confirming?.action === "reject"}
        onClose={() => {
          setConfirming(null);
          setFailure(null);
        }}
        error={failure}
        onConfirm={() => (confirming ? make(confirming) : undefined)}
      >
        {confirming && t(`application-detail.moves.confirm.${confirming.action}.body`, { name: application.name })}
      </ConfirmDialog>
    </Box>
  );
}
