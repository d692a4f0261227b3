/** A bundle's tile as buyers see it (the profile tab, user/bundles): the blurred preview, title, count and price. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BundleTile } from "#server/contract/bundles";
import { bundlePaths } from "#server/contract/creators";
import type { Camelize } from "~/api/camelize";
import { useLang } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { usePriceText } from "~/utils/money";
import * as css from "./bundles.css";

export type BundleTileData = Camelize<BundleTile>;

/** The blurred preview: an image the server made, never a real variant's address. */
export function BundlePreview({ bundle }: { bundle: Pick<BundleTileData, "previewPath" | "title"> }) {
  return <img className={css.preview} src={bundle.previewPath} alt="" width={240} height={180} loading="lazy" decoding="async" />;
}

export function BundleTileCard({ bundle, showCreator = false }: { bundle: BundleTileData; showCreator?: boolean }) {
  const { t } = useTranslation("bundle");
  const lang = useLang();
  const price = usePriceText();
  return (
    <li className={css.tile} data-testid="bundle-tile" data-bundle-id={bundle.id}>
      <BundlePreview bundle={bundle} />
      <h3 className={css.tileTitle}>{bundle.title}</h3>
      {showCreator ? <span className={ui.muted}>{bundle.creator.displayName}</span> : null}
      <span className={css.facts}>
        <span>{t("bundle.tile.items", { count: bundle.itemCount })}</span>
        <strong data-testid="bundle-price">{price({ amount: bundle.price, currency: "dollar" })}</strong>
      </span>
      <Link
        className={bundle.owned ? ui.buttonSecondary : ui.button}
        to={bundlePaths.bundle(lang, bundle.id)}
        data-testid={bundle.owned ? "bundle-open" : "bundle-buy"}
      >
        {bundle.owned ? t("bundle.tile.open") : t("bundle.tile.buy")}
      </Link>
    </li>
  );
}
