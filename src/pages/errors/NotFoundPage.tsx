import { Link as RouterLink } from "react-router";
import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { MessagePage } from "./MessagePage";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <MessagePage
      code="404"
      title={t("errors.notFound.title")}
      action={
        <Button variant="contained" component={RouterLink} to="/">
          {t("errors.notFound.backHome")}
        </Button>
      }
    />
  );
}
