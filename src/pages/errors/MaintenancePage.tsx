import { useTranslation } from "react-i18next";
import { MessagePage } from "./MessagePage";

export default function MaintenancePage() {
  const { t } = useTranslation();
  return <MessagePage title={t("errors.maintenance.title")}>{t("errors.maintenance.body")}</MessagePage>;
}
