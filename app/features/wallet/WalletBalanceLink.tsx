/**
 * The header's dollar balance (issue 27 item 6, ADR 081): the member's spendable dollars as a link to the dollar page,
 * rendered by the server from GET /user/data. With JavaScript, public/scripts/wallet-balance.js keeps the figure live
 * from the socket's "wallet" events (./balance-store.ts); without it, every page load shows the figure of that moment.
 */
import { useTranslation } from "react-i18next";
import { walletPaths } from "#server/contract/wallet-paths";
import { ChromeNavLink } from "~/components/chrome-link";
import * as css from "~/components/chrome.css";
import { useLang } from "~/i18n/lang";
import { formatDollarFigure, WALLET_BALANCE_ATTRIBUTE } from "./balance-figure";

export function WalletBalanceLink({ available }: { available: number }) {
  const { t } = useTranslation("common");
  const lang = useLang();
  return (
    <ChromeNavLink
      className={css.toolLink}
      to={walletPaths.dollar(lang)}
      data-testid="nav-dollars"
      {...{ [WALLET_BALANCE_ATTRIBUTE]: available }}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 2v1.6c1.4.3 2.5 1.2 2.8 2.6h-2a1.6 1.6 0 0 0-1.7-.9c-.9 0-1.5.4-1.5 1s.5.9 1.9 1.2c2 .4 3.4 1.1 3.4 3 0 1.5-1.1 2.5-2.9 2.8V18h-2v-1.7c-1.6-.3-2.8-1.3-3-2.9h2c.2.7.9 1.1 1.9 1.1s1.7-.4 1.7-1.1c0-.6-.5-.9-2-1.2-1.8-.4-3.2-1-3.2-2.9 0-1.4 1-2.4 2.6-2.7V6h2Z"
        />
      </svg>
      <span className="visually-hidden">{t("nav.dollar_balance")} </span>
      <span data-wallet-figure>{formatDollarFigure(available, lang)}</span>
    </ChromeNavLink>
  );
}
