import { useNavigate } from "react-router";
import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { clearSession } from "../../providers/auth-provider";
import { MessagePage } from "../errors/MessagePage";

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MessagePage
      code="401"
      title={t("auth.unauthorized.title")}
      action={
        <Button variant="contained" onClick={() => clearSession().finally(() => navigate("/signin", { replace: true }))}>
          {t("auth.unauthorized.signIn")}
        </Button>
      }
    >
      {t("auth.unauthorized.body")}
    </MessagePage>
  );
}
