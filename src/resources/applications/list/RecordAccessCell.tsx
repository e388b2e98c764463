import { Link as RouterLink } from "react-router";
import { Button, Chip } from "@mui/material";
import EditOutlined from "@mui/icons-material/EditOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import { Can } from "@casl/react";
import { useGetIdentity, useNavigation } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "../../../../domain/access/current-user";
import type { Application } from "../../../../domain/entities/application";
import { recordSubject } from "../../../providers/ability";

/**
 * Edit for an application the user may change, by the rules the API enforces on that record (a contributor
 * edits the applications their groups reach); a read-only mark for one they may only read.
 */
export function RecordAccessCell({ row }: { row: Application }) {
  const { t } = useTranslation();
  const { showUrl } = useNavigation();
  const { data: user } = useGetIdentity<CurrentUser>();
  if (!user) return null;
  return (
    <Can I="update" this={recordSubject(user, "Application", row)} passThrough>
      {({ isAllowed }) =>
        isAllowed ? (
          <Button component={RouterLink} to={showUrl("applications", row.id)} size="small" startIcon={<EditOutlined />} aria-label={t("applications.access.editNamed", { name: row.name })}>
            {t("common.edit")}
          </Button>
        ) : (
          <Chip size="small" variant="outlined" icon={<LockOutlined />} label={t("applications.access.readOnly")} aria-label={t("applications.access.readOnlyNamed", { name: row.name })} />
        )
      }
    </Can>
  );
}
