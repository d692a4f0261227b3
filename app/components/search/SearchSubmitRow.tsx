/** The search forms' submit button (the search page's filters, the home page's quick search). */
import { useTranslation } from "react-i18next";
import * as ui from "~/styles/ui.css";

export function SearchSubmitRow() {
  const { t } = useTranslation();
  return (
    <div className={ui.row}>
      <button type="submit" className={ui.button}>
        {t("search.submit")}
      </button>
    </div>
  );
}
