/** join/user (G): the chooser's loader; a public guest page that carries the return path `r`. */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n/i18next.server";
import { returnPathParam } from "~/session/return-path.server";
import { GUEST_MAX_AGE, guestPage } from "~/utils/cache-headers";

export const JOIN_CHOICE_HEADERS = guestPage(GUEST_MAX_AGE.page);

export async function loadJoinChoice({ request, params }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("registration.choose.meta_title"),
      description: t("registration.choose.meta_description"),
      returnTo: returnPathParam(request, params.lang ?? ""),
    },
    { headers: JOIN_CHOICE_HEADERS },
  );
}
