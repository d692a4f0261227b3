/** An invitation code that cannot be used: why, and the way to join anyway. */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { loadInvitationCode } from "./invitation-code.server";

export function InvitationCodePage() {
  const { title, tooMany } = useLoaderData<typeof loadInvitationCode>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.card} data-testid="invitation-invalid">
        <h1>{title}</h1>
        <p>{t(tooMany ? "invitations.invitation.too_many" : "invitations.invitation.invalid_text")}</p>
        <p>
          <Link className={ui.button} to={to("join/user")}>
            {t("invitations.invitation.join_anyway")}
          </Link>
        </p>
      </div>
    </main>
  );
}
