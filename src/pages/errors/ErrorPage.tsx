import { useEffect } from "react";
import { Link as RouterLink } from "react-router";
import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { MessagePage } from "./MessagePage";
import { reportError } from "../../telemetry/error-reporting";

/** The generic page for a failure that is not the user's doing (a page that could not load); the failure is reported. */
export default function ErrorPage({ detail, error }: { detail?: string; error?: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (error !== undefined) reportError(error, { source: "error-page" });
  }, [error]);
  return (
    <MessagePage
      title={t("errors.unexpected.title")}
      action={
        <Button variant="contained" component={RouterLink} to="/">
          {t("errors.notFound.backHome")}
        </Button>
      }
    >
      {detail}
    </MessagePage>
  );
}
