import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { clearSession } from "../../providers/auth-provider";
import { REFUSED_PAGE_PARAM } from "../../components/access/refused-path";
import { MessagePage } from "../errors/MessagePage";

/**
 * Not authorised: a signed-in person sent here from a page their roles do not open is told so and goes back home;
 * a session the API no longer accepts (no page named) signs in again.
 */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const refused = params.get(REFUSED_PAGE_PARAM);
  if (refused) {
    return (
      <MessagePage
        code="403"
        title={t("auth.unauthorized.title")}
        action={
          <Button variant="contained" component={RouterLink} to="/">
            {t("errors.notFound.backHome")}
          </Button>
        }
      >
        {t("auth.unauthorized.refused", { page: refused })}
      </MessagePage>
    );
  }
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
