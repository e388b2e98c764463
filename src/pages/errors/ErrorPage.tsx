import { Link as RouterLink } from "react-router";
import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { MessagePage } from "./MessagePage";

/** The generic page for a failure that is not the user's doing (a page that could not load). */
export default function ErrorPage({ detail }: { detail?: string }) {
  const { t } = useTranslation();
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
