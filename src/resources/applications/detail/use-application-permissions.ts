import { useMemo } from "react";
import { useCustom, type HttpError } from "@refinedev/core";
import { useCanOnRecord } from "../../../providers/ability";
import { roleMatches } from "../../../../domain/access/abilities";
import type { RoleName } from "../../../../domain/access/current-user";
import type { Application } from "../../../../domain/entities/application";
import { allowedApprovalMoves, type ApprovalMove } from "../../../../domain/workflow";
import { useMyId } from "./application-api";

export interface ApplicationPermissions {
  /** Role names the caller holds on this application (through groups or grants). */
  roles: string[];
  /** Contributor or Administrator here: edits the details and moves the development status. */
  canEdit: boolean;
  /** Administrator here: grants roles on this one application. */
  canManageAccess: boolean;
  /** The approval moves the workflow allows this caller now. */
  approvalMoves: ApprovalMove[];
  loading: boolean;
}

/**
 * What the caller may do with this application. Editing and granting roles follow the packed rules per
 * record, as the API decides them; the approval moves ask for role names on it (GET
 * /applications/role-assignments/user?application_id=), read through the shared workflow rules, because
 * an Administrator approves only as an ApplicationApprover. So the page offers exactly what the server accepts.
 */
export function useApplicationPermissions(application: Application | undefined): ApplicationPermissions {
  const id = application?.id ?? "";
  const me = useMyId();
  const canOn = useCanOnRecord();
  const { query, result } = useCustom<{ items: { application_id: string; roles: string[] }[] }, HttpError>({
    url: "/applications/role-assignments/user",
    method: "get",
    config: { query: { application_id: id } },
    queryOptions: { enabled: Boolean(id), retry: false },
    errorNotification: false,
  });
  const roles = useMemo(() => result.data?.items?.find((i) => i.application_id === id)?.roles ?? [], [result.data, id]);

  return useMemo(() => {
    const has = (role: string) => roles.some((name) => roleMatches(name, role as RoleName));
    const approvalMoves =
      application && me !== undefined
        ? allowedApprovalMoves({
            from: application.approval_status,
            tier: application.risk_tier,
            roles: has,
            isSubmitter: application.submitted_by === me,
          })
        : [];
    return {
      roles,
      canEdit: Boolean(application) && canOn("update", "Application", application!),
      canManageAccess: Boolean(application) && canOn("manage", "Application", application!),
      approvalMoves,
      // Until both the roles and who the caller is are known, nothing is offered.
      loading: query.isLoading || me === undefined,
    };
  }, [roles, application, me, query.isLoading, canOn]);
}
