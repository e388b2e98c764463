import type { RoleName } from "../../domain/access/current-user";
import type { NotificationKind } from "../../domain/entities/notification";
import type { ApprovalStatus } from "../../domain/workflow";
import { applicationReach, holdersOf } from "../access/reach";
import type { Actor } from "../audit/record";
import type { Db } from "../db/client";
import { notify } from "./notify";

type DbOrTx = Pick<Db, "insert" | "execute">;

interface ApplicationRef {
  id: string;
  companyId: string;
  name: string;
  ownerId: string | null;
}

/**
 * Every approval move tells the people who act next — reviewers of a submission, approvers once it
 * is in review — and its owner and contributors of how it stands.
 */
const AFTER_MOVE: Partial<Record<ApprovalStatus, { kind: NotificationKind; roles: RoleName[]; owner: boolean }>> = {
  submitted: { kind: "application.submitted", roles: ["ApplicationReviewer"], owner: false },
  in_review: { kind: "application.in_review", roles: ["ApplicationContributor", "ApplicationApprover"], owner: true },
  approved: { kind: "application.approved", roles: ["ApplicationContributor"], owner: true },
  rejected: { kind: "application.rejected", roles: ["ApplicationContributor"], owner: true },
  changes_requested: { kind: "application.changes_requested", roles: ["ApplicationContributor"], owner: true },
};

async function recipients(db: DbOrTx, app: ApplicationRef, roles: RoleName[], owner: boolean) {
  const reach = await applicationReach(db, app.companyId, app.id);
  // Only people who reach the application: a notification never names what its reader cannot see.
  return [...(owner && app.ownerId && reach.has(app.ownerId) ? [app.ownerId] : []), ...holdersOf(reach, roles)];
}

export async function notifyApprovalMove(db: DbOrTx, app: ApplicationRef, to: ApprovalStatus, actor: Actor) {
  const next = AFTER_MOVE[to];
  if (!next) return;
  await notify(db, app.companyId, await recipients(db, app, next.roles, next.owner), {
    kind: next.kind,
    params: { actor: actor.name, application: app.name },
    link: `/applications/detail/${app.id}`,
    subject: { type: "application", id: app.id },
  }, actor.id);
}

/** An approval reset by a material change: its owner, contributors and approvers hear it needs approving again. */
export async function notifyReapprovalRequired(db: DbOrTx, app: ApplicationRef, reason: string, actor: Actor) {
  await notify(db, app.companyId, await recipients(db, app, ["ApplicationContributor", "ApplicationApprover"], true), {
    kind: "application.reapproval_required",
    params: { application: app.name, reason },
    link: `/applications/detail/${app.id}`,
    subject: { type: "application", id: app.id },
  }, actor.id);
}

/** A control given a new owner: they hear of it, if they reach the application. */
export async function notifyControlAssigned(db: DbOrTx, app: ApplicationRef, control: { id: string; name: string }, ownerId: string, actor: Actor) {
  const reach = await applicationReach(db, app.companyId, app.id);
  if (!reach.has(ownerId)) return;
  await notify(db, app.companyId, [ownerId], {
    kind: "control.assigned",
    params: { control: `${control.id} ${control.name}`, application: app.name },
    link: `/applications/detail/${app.id}?tab=controls`,
    subject: { type: "application", id: app.id },
  }, actor.id);
}
