import { useCallback, useState, type ReactNode } from "react";
import { useCustomMutation, useDelete, useGetIdentity, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "../../../domain/access/current-user";
import type { User } from "../../../domain/entities/user";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog";
import { notify } from "../../providers/notifications";
import { fullName, USERS_RESOURCE } from "./user-support";

type Target = Pick<User, "id" | "email" | "first_name" | "last_name">;

export interface UserActions {
  askReset(user: Target): void;
  askDelete(user: Target): void;
  /** The signed-in Administrator cannot delete themself (the server answers 409), so the UI does not offer it. */
  isSelf(user: Pick<User, "id">): boolean;
  /** The confirmation dialogs; render once. */
  dialogs: ReactNode;
}

/** Reset temporary password and delete, each behind a confirmation, for the list's rows and the user page. */
export function useUserActions({ onDeleted }: { onDeleted?(user: Target): void } = {}): UserActions {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<CurrentUser>();
  const [pending, setPending] = useState<{ kind: "reset" | "delete"; user: Target } | null>(null);
  // The target stays after closing so the dialog's text does not vanish while it fades out.
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync: deleteUser } = useDelete<User, HttpError>();
  const { mutateAsync: custom } = useCustomMutation<Record<string, never>, HttpError>();

  const ask = useCallback((kind: "reset" | "delete", user: Target) => {
    setFailure(null);
    setPending({ kind, user });
    setOpen(true);
  }, []);
  const askReset = useCallback((user: Target) => ask("reset", user), [ask]);
  const askDelete = useCallback((user: Target) => ask("delete", user), [ask]);
  const meId = me?.id;
  const isSelf = useCallback((user: Pick<User, "id">) => meId !== undefined && meId === user.id, [meId]);

  const confirm = async () => {
    if (!pending) return;
    const { kind, user } = pending;
    try {
      if (kind === "reset") {
        await custom({
          url: "/access/user/reset-temporary-password",
          method: "post",
          values: { user_id: user.id },
          successNotification: false,
          errorNotification: false,
        });
        notify({ message: t("users.reset.done", { email: user.email }), severity: "success" });
      } else {
        await deleteUser({ resource: USERS_RESOURCE, id: user.id, successNotification: false, errorNotification: false });
        notify({ message: t("users.delete.done", { name: fullName(user) }), severity: "success" });
        onDeleted?.(user);
      }
    } catch (error) {
      // The server's detail says why, e.g. the company's last Administrator; the dialog stays open with it.
      setFailure(t(kind === "reset" ? "users.reset.failed" : "users.delete.failed", { message: (error as HttpError).message }));
      throw error;
    }
  };

  const user = pending?.user;
  const dialogs = (
    <ConfirmDialog
      open={open}
      title={pending?.kind === "delete" ? t("users.delete.title") : t("users.reset.title")}
      confirmLabel={pending?.kind === "delete" ? t("common.actions.delete") : t("users.reset.confirm")}
      destructive={pending?.kind === "delete"}
      onClose={() => setOpen(false)}
      error={failure}
      onConfirm={confirm}
    >
      {user && t(pending.kind === "delete" ? "users.delete.body" : "users.reset.body", { name: fullName(user), email: user.email })}
    </ConfirmDialog>
  );

  return { askReset, askDelete, isSelf, dialogs };
}
