/**
 * my_dashboard, the page: the state of the account (paused?), how complete the profile is and the next
 * useful step, verification, every settings page, privacy, and the logout.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DashboardCharts } from "#server/contract/dashboard";
import { emailVerificationPath } from "#server/contract/email-verification";
import type { RejectionReason } from "#server/contract/moderation";
import { textFieldLabel, type ReviewedTextField } from "#server/contract/reviewed-text";
import type { CompletenessItem, SettingsGroup, SettingsKey } from "#server/contract/settings";
import { TOUR_USER_TYPES } from "#server/contract/tour-users";
import { DATE_USER_TYPES } from "#server/contract/date-users";
import { userTypeMay } from "#server/contract/staff-permissions";
import { isStaffUserType, USER_TYPE, userTypeName } from "#server/contract/users";
import type { Viewer } from "~/api/viewer.server";
import { ChromeLink } from "~/components/chrome-link";
import { FormErrors } from "~/components/FieldControls";
import { pageTextKey } from "~/features/settings/page-text";
import * as settingsCss from "~/features/settings/settings.css";
import { useLang, useLocalePath } from "~/i18n/lang";
import { serverIsland } from "~/components/ServerIsland";
import * as ui from "~/styles/ui.css";
import * as css from "./dashboard.css";

/** The charts are drawn on the server and hydrate without their code (ADR 162). */
const Charts = serverIsland("dashboard-charts", () => import("./DashboardCharts"));

export interface DashboardProps {
  viewer: Viewer;
  completeness: { percent: number; items: CompletenessItem[]; next: CompletenessItem | null } | null;
  photoPath: string;
  settingsGroups: Array<{ key: SettingsGroup; items: SettingsKey[] }>;
  phoneVerified: boolean | null;
  ageCheck: string;
  specialConsentSince: string | null;
  withdrawn: boolean;
  /** The member's own photos and texts under review or refused lately (ADR 030); null when none are. */
  moderation: {
    texts: Array<{ field: ReviewedTextField; status: number; reason: RejectionReason | null }>;
    mediaPending: number;
    mediaRejected: number;
  } | null;
  /** Escorts and businesses: views, favorites and contacts per day; null for clients or when the call failed. */
  charts: DashboardCharts | null;
  /** A refused withdrawal's errors (shown in the privacy card). */
  formErrors?: string[];
}

export function DashboardPage(props: DashboardProps) {
  const { viewer, completeness, specialConsentSince, withdrawn } = props;
  const { t } = useTranslation("account");
  const lang = useLang();
  const { t: tCommon } = useTranslation();
  const to = useLocalePath();
  const isBusiness = viewer.profile.userType === USER_TYPE.business;
  // Staff accounts (ADR 030) have no profile, favorites, friends or dates: their dashboard links their work instead.
  const isStaff = isStaffUserType(viewer.profile.userType);
  const pathOf = (item: CompletenessItem) => to(item.page === "photo" ? props.photoPath : `user/${item.page}`);
  return (
    <main className={ui.page}>
      <h1 data-testid="dashboard-greeting">{t("dashboard.greeting", { name: viewer.profile.displayName })}</h1>
      <div className={ui.stack}>
        {viewer.status === "paused" || viewer.status === "deactivated" ? (
          <p className={ui.notice} role="status" data-testid="dashboard-paused">
            {t(`dashboard.status_${viewer.status}`)} <ChromeLink to={to("user/pause_delete")}>{t("dashboard.resume")}</ChromeLink>
          </p>
        ) : null}
        {completeness ? (
          <section className={ui.card} aria-labelledby="profile-title" data-testid="dashboard-completeness">
            <h2 id="profile-title">{t("dashboard.profile_title")}</h2>
            <label className={css.meter}>
              <span>{t("dashboard.complete", { percent: completeness.percent })}</span>
              <progress className={css.progress} max={100} value={completeness.percent} />
            </label>
            {completeness.next ? (
              <p>
                {t("dashboard.next")}{" "}
                <ChromeLink to={pathOf(completeness.next)}>{t(`dashboard.items.${completeness.next.key}`)}</ChromeLink>
              </p>
            ) : (
              <p>{t("dashboard.all_done")}</p>
            )}
            <ul className={css.checklist}>
              {completeness.items.map((item) => (
                <li key={item.key} data-done={item.done ? "1" : "0"}>
                  <span aria-hidden="true">{item.done ? "✓" : "○"}</span>{" "}
                  {item.done ? (
                    t(`dashboard.done_items.${item.key}`)
                  ) : (
                    <ChromeLink to={pathOf(item)}>{t(`dashboard.items.${item.key}`)}</ChromeLink>
                  )}
                  <span className="visually-hidden">{item.done ? t("dashboard.done") : t("dashboard.open")}</span>
                </li>
              ))}
            </ul>
            <ChromeLink to={to(`p/${viewer.username}`)}>{t("dashboard.view_profile")}</ChromeLink>
            {/* The quick price form (ADR 138) for those with a price list: the same test as the settings index's. */}
            {props.settingsGroups.some((group) => group.items.includes("service_prices")) ? (
              <p>
                <ChromeLink to={to("set_price")} data-testid="dashboard-set-price">
                  {t("set_price.dashboard_link")}
                </ChromeLink>
              </p>
            ) : null}
          </section>
        ) : null}
        {DATE_USER_TYPES.includes(viewer.profile.userType) ? <DatesCard dates={viewer.dates} /> : null}
        {isStaff ? (
          <section className={ui.card} aria-labelledby="staff-title" data-testid="dashboard-staff">
            <h2 id="staff-title">{t("dashboard.staff_title")}</h2>
            <ul className={settingsCss.items}>
              {(["backoffice", "backoffice/reports"] as const).map((path) => (
                <li key={path}>
                  <ChromeLink className={settingsCss.item} to={to(path)}>
                    <span className={settingsCss.itemLabel}>{t(`dashboard.staff.${path === "backoffice" ? "queue" : "reports"}`)}</span>
                  </ChromeLink>
                </li>
              ))}
              {/* Every queue with its counts (ADR 119). */}
              <li>
                <ChromeLink className={settingsCss.item} to={to("backoffice/queues")} data-testid="dashboard-queues">
                  <span className={settingsCss.itemLabel}>{t("dashboard.staff.queues")}</span>
                </ChromeLink>
              </li>
              {/* Money is the backend role's alone (ADR 080): the team does not see the way in. */}
              {userTypeMay(viewer.profile.userType, "money.manage") ? (
                <li>
                  <ChromeLink className={settingsCss.item} to={to("backoffice/orders")} data-testid="dashboard-money">
                    <span className={settingsCss.itemLabel}>{t("dashboard.staff.money")}</span>
                  </ChromeLink>
                </li>
              ) : null}
              {userTypeMay(viewer.profile.userType, "audit.read") ? (
                <li>
                  <ChromeLink className={settingsCss.item} to={to("backoffice/audit")} data-testid="dashboard-audit">
                    <span className={settingsCss.itemLabel}>{t("dashboard.staff.audit")}</span>
                  </ChromeLink>
                </li>
              ) : null}
              {/* Every staff account's own second factor (ADR 117). */}
              <li>
                <ChromeLink className={settingsCss.item} to={to("backoffice/security")} data-testid="dashboard-security">
                  <span className={settingsCss.itemLabel}>{t("dashboard.staff.security")}</span>
                </ChromeLink>
              </li>
            </ul>
          </section>
        ) : null}
        {props.moderation ? <ModerationCard moderation={props.moderation} /> : null}
        {props.charts ? <Charts data={props.charts} lang={lang} dashboardPath={to("my_dashboard")} /> : null}
        <section className={ui.card} aria-labelledby="verification-title" data-testid="dashboard-verification">
          <h2 id="verification-title">{t("dashboard.verification_title")}</h2>
          <ul className={css.checklist}>
            <li>
              <span aria-hidden="true">{viewer.isEmailVerified ? "✓" : "○"}</span>{" "}
              {viewer.isEmailVerified ? (
                t("dashboard.email_done", { email: viewer.email })
              ) : (
                <ChromeLink to={to(emailVerificationPath(viewer.profile.userType))}>{t("dashboard.email_open")}</ChromeLink>
              )}
            </li>
            {props.phoneVerified !== null && !isStaff ? (
              <li>
                <span aria-hidden="true">{props.phoneVerified ? "✓" : "○"}</span>{" "}
                <ChromeLink to={to("user/phone")}>{props.phoneVerified ? t("dashboard.phone_done") : t("dashboard.phone_open")}</ChromeLink>
              </li>
            ) : null}
            {isStaff ? null : (
              <li data-testid="dashboard-age-check">
                <span aria-hidden="true">{props.ageCheck === "verified" ? "✓" : "○"}</span>{" "}
                {props.ageCheck === "verified" ? (
                  t("dashboard.age_check_verified")
                ) : (
                  <ChromeLink to={to("user/age_check_verification")}>
                    {props.ageCheck === "pending" ? t("dashboard.age_check_pending") : t("dashboard.age_check")}
                  </ChromeLink>
                )}
              </li>
            )}
            {isStaff ? null : (
              <li data-testid="dashboard-identity-checks">
                <span aria-hidden="true">○</span> <ChromeLink to={to("user/verification")}>{t("dashboard.verification")}</ChromeLink>
              </li>
            )}
          </ul>
        </section>
        <section className={ui.card} aria-labelledby="settings-title" data-testid="dashboard-settings">
          <h2 id="settings-title">{t("dashboard.settings")}</h2>
          {props.settingsGroups
            .filter((group) => group.items.length > 0)
            .map((group) => (
              <div key={group.key}>
                <h3 className={css.groupTitle}>{t(`settings.groups.${group.key}`)}</h3>
                <ul className={settingsCss.items}>
                  {group.items.map((item) => (
                    <li key={item}>
                      <ChromeLink className={settingsCss.item} to={to(`user/${item}`)}>
                        <span className={settingsCss.itemLabel}>{t(pageTextKey(item, "title", isBusiness))}</span>
                      </ChromeLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
        </section>
        {TOUR_USER_TYPES.includes(viewer.profile.userType) ? (
          <section className={ui.card} aria-labelledby="tours-title" data-testid="dashboard-tours">
            <h2 id="tours-title">{t("dashboard.tours_title")}</h2>
            <ChromeLink to={to("user/tours")}>{t("dashboard.tours_link")}</ChromeLink>
          </section>
        ) : null}
        {isStaff ? null : (
          <>
            {/* Events and blogs (issue 29): the member's own lists and where to start a new one. */}
            <section className={ui.card} aria-labelledby="community-title" data-testid="dashboard-community">
              <h2 id="community-title">{t("dashboard.community_title")}</h2>
              <ul className={settingsCss.items}>
                {(["my_events", "events/add", "my_blogs", "blogs/add"] as const).map((path) => (
                  <li key={path}>
                    <ChromeLink className={settingsCss.item} to={to(path)}>
                      <span className={settingsCss.itemLabel}>{t(`dashboard.community.${path.replace("/", "_")}`)}</span>
                    </ChromeLink>
                  </li>
                ))}
              </ul>
            </section>
            <section className={ui.card} aria-labelledby="favorites-title" data-testid="dashboard-favorites">
              <h2 id="favorites-title">{t("favorites.overview_title", { ns: "favorites" })}</h2>
              <ul className={settingsCss.items}>
                {(["favorite_visitor", "favorite", "visitor"] as const).map((path) => (
                  <li key={path}>
                    <ChromeLink className={settingsCss.item} to={to(path)}>
                      <span className={settingsCss.itemLabel}>{t(`favorites.dashboard.${path}`, { ns: "favorites" })}</span>
                    </ChromeLink>
                  </li>
                ))}
              </ul>
            </section>
            <section className={ui.card} aria-labelledby="people-title" data-testid="dashboard-people">
              <h2 id="people-title">{t("dashboard.people_title")}</h2>
              <ul className={settingsCss.items}>
                {(["friends", "reports"] as const).map((page) => (
                  <li key={page}>
                    <ChromeLink className={settingsCss.item} to={to(`user/${page}`)}>
                      <span className={settingsCss.itemLabel}>{t(`dashboard.people.${page}`)}</span>
                    </ChromeLink>
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
        <section className={ui.card}>
          <h2>{t("dashboard.account")}</h2>
          <dl>
            <dt>{t("dashboard.username")}</dt>
            <dd>{viewer.username}</dd>
            <dt>{t("dashboard.user_type")}</dt>
            <dd>{tCommon(`user_types.${userTypeName(viewer.profile.userType)}`)}</dd>
            <dt>{t("dashboard.membership")}</dt>
            <dd>{viewer.entitlements.plus ? t("dashboard.member_plus") : t("dashboard.member_basic")}</dd>
            <dt>{t("dashboard.email")}</dt>
            <dd>
              {viewer.email} · {viewer.isEmailVerified ? t("dashboard.email_verified") : t("dashboard.email_unverified")}
            </dd>
          </dl>
        </section>
        <section className={ui.card} aria-labelledby="privacy-title" data-testid="dashboard-privacy">
          <h2 id="privacy-title">{t("dashboard.privacy_title")}</h2>
          <FormErrors errors={props.formErrors ?? []} />
          {withdrawn ? (
            <p className={ui.notice} role="status">
              {t("dashboard.special_consent_withdrawn")}
            </p>
          ) : null}
          {specialConsentSince ? (
            <>
              <p>{t("dashboard.special_consent_given", { date: specialConsentSince })}</p>
              <Form method="post">
                <button
                  className={ui.buttonSecondary}
                  type="submit"
                  name="intent"
                  value="withdraw_special_data"
                  data-testid="withdraw-special-data"
                >
                  {t("dashboard.special_consent_withdraw")}
                </button>
              </Form>
            </>
          ) : (
            <p>{t("dashboard.special_consent_none")}</p>
          )}
        </section>
        <Form method="post" action={to("logout")}>
          <button className={ui.buttonSecondary} type="submit" data-testid="dashboard-logout">
            {tCommon("nav.logout")}
          </button>
        </Form>
      </div>
    </main>
  );
}

/**
 * "Meine Dates" (issue 25 item 4, ADR 070): what waits for the member — requests to answer, dates to review — each a
 * link to its stage, and the way to all their dates.
 */
function DatesCard({ dates }: { dates: Viewer["dates"] }) {
  const { t } = useTranslation("account");
  const to = useLocalePath();
  const lines = [
    { stage: "needs_confirmation", count: dates.needsConfirmation, key: "dashboard.dates_to_answer" },
    { stage: "needs_review", count: dates.needsReview, key: "dashboard.dates_to_review" },
  ].filter((line) => line.count > 0);
  return (
    <section
      className={dates.waiting > 0 ? ui.notice : ui.card}
      aria-labelledby="dates-title"
      data-testid="dashboard-dates"
      data-waiting={dates.waiting}
    >
      <h2 id="dates-title" style={{ marginTop: 0 }}>
        {t("dashboard.dates_title")}
      </h2>
      {lines.length > 0 ? (
        <ul className={css.checklist}>
          {lines.map((line) => (
            <li key={line.stage} data-stage={line.stage}>
              <ChromeLink className={css.tapRow} to={`${to("my_date")}?stage=${line.stage}`}>
                {t(line.key, { count: line.count })}
              </ChromeLink>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("dashboard.dates_none")}</p>
      )}
      <ChromeLink className={css.tapRow} to={to("my_date")}>
        {t("dashboard.dates_link")}
      </ChromeLink>
    </section>
  );
}

/** What waits for the team or was refused, each with the page where the member sees it in full or changes it. */
export function ModerationCard({ moderation }: { moderation: NonNullable<DashboardProps["moderation"]> }) {
  const { t } = useTranslation("moderation");
  const to = useLocalePath();
  const refused = moderation.mediaRejected > 0 || moderation.texts.some((text) => text.status !== 0);
  return (
    <section className={refused ? ui.alert : ui.card} aria-labelledby="moderation-title" data-testid="dashboard-moderation">
      <h2 id="moderation-title" style={{ marginTop: 0 }}>
        {t("moderation.dashboard.title")}
      </h2>
      <p className={ui.muted}>{t("moderation.owner.intro")}</p>
      <ul className={css.checklist}>
        {moderation.mediaPending > 0 ? (
          <li data-testid="moderation-media-pending">
            <ChromeLink className={css.tapRow} to={to("user/media_gallery")}>
              {t("moderation.dashboard.media_pending", { count: moderation.mediaPending })}
            </ChromeLink>
          </li>
        ) : null}
        {moderation.mediaRejected > 0 ? (
          <li data-testid="moderation-media-rejected">
            <ChromeLink className={css.tapRow} to={to("user/media_gallery")}>
              {t("moderation.dashboard.media_rejected", { count: moderation.mediaRejected })}
            </ChromeLink>
          </li>
        ) : null}
        {moderation.texts.map((text) => {
          const field = t(`moderation.fields.${textFieldLabel(text.field)}`);
          return (
            <li key={text.field} data-testid="moderation-text" data-field={text.field} data-status={text.status}>
              {/* Every moderated text is edited on the "about you & description" page (both kinds of profile). */}
              <ChromeLink className={css.tapRow} to={to("user/status_description")}>
                {text.status === 0
                  ? t("moderation.owner.pending", { field })
                  : t("moderation.owner.rejected", { field, reason: t(`moderation.reasons.${text.reason ?? "terms"}`) })}
              </ChromeLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
