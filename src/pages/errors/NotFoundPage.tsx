import { useTranslation } from "react-i18next";
import { EntityNotFound } from "./EntityNotFound";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return <EntityNotFound title={t("errors.notFound.title")} backTo="/" backLabel={t("errors.notFound.backHome")} />;
}
