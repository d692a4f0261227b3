/**
 * user/ads (ADR 131): why ads show (for guests too: the "why this ad" link of every zone leads here) and, for
 * members, the two switches: "show no ads" (plus members with the ad-free benefit; the API refuses everyone else)
 * and the consent to partner ad servers' frames (§ 25 TDDDG).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkoutPath } from "#server/contract/checkout-path";
import type { AdSettingsData } from "~/api/ads.server";
import { FormErrors } from "~/components/Field";
import { CheckboxField } from "~/components/FieldControls";
import type { FormReply } from "~/components/form/reply";
import { localePath, useLang } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { SettingsCard, SettingsFrame, SettingsSaveButton } from "../settings/SettingsFrame";

export function AdSettingsPage({ settings, saved, reply }: { settings: AdSettingsData | null; saved: boolean; reply: FormReply | null }) {
  const { t } = useTranslation("ads");
  const lang = useLang();
  const sent = (name: string, stored: boolean) => (reply ? reply.input[name] === "on" : stored);
  const { ads_off: adsOffErrors = [], ...otherFieldErrors } = reply?.fieldErrors ?? {};
  return (
    <SettingsFrame title={t("ads.settings.title")} intro={t("ads.settings.intro")} notice={saved ? t("ads.settings.saved") : null}>
      <SettingsCard id="ads-why" title={t("ads.settings.why_title")} testId="ads-why">
        <p>{t("ads.settings.why_text")}</p>
        <p data-testid="ads-channel">{t(`ads.settings.channel_${settings?.channel ?? "guest"}`)}</p>
      </SettingsCard>
      {settings ? (
        <>
          <FormErrors errors={[...(reply?.formErrors ?? []), ...Object.values(otherFieldErrors).flat()]} />
          <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="ads-settings-form">
            <CheckboxField
              label={t("ads.settings.ads_off_label")}
              name="ads_off"
              defaultChecked={settings.maySwitchOff ? sent("ads_off", settings.adsOff) : false}
              disabled={!settings.maySwitchOff}
              errors={adsOffErrors}
              hint={settings.maySwitchOff ? t("ads.settings.ads_off_hint") : t("ads.settings.ads_off_plus_only")}
            />
            <CheckboxField
              label={t("ads.settings.third_party_label")}
              name="third_party_ads"
              defaultChecked={sent("third_party_ads", settings.thirdPartyAds)}
              hint={t("ads.settings.third_party_hint")}
            />
            <SettingsSaveButton />
          </Form>
          {settings.maySwitchOff ? null : (
            <p>
              <Link to={checkoutPath(lang, "membership")} data-testid="ads-upgrade">
                {t("ads.settings.plus_link")}
              </Link>
            </p>
          )}
        </>
      ) : (
        <p>
          <Link to={localePath(lang, "login")}>{t("ads.settings.login")}</Link>
        </p>
      )}
    </SettingsFrame>
  );
}
