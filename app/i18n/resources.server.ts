// Translation resources bundled into the server build, so rendering never
// waits on the file system. The browser loads the same files over HTTP.
import deCommon from "../../locales/de/common.json";
import dePaella from "../../locales/de/paella.json";
import dePayment from "../../locales/de/payment.json";
import dePromotion from "../../locales/de/promotion.json";
import enCommon from "../../locales/en/common.json";
import enPaella from "../../locales/en/paella.json";
import enPayment from "../../locales/en/payment.json";
import enPromotion from "../../locales/en/promotion.json";
import esCommon from "../../locales/es/common.json";
import esPaella from "../../locales/es/paella.json";
import esPayment from "../../locales/es/payment.json";
import esPromotion from "../../locales/es/promotion.json";
import plCommon from "../../locales/pl/common.json";
import plPaella from "../../locales/pl/paella.json";
import plPayment from "../../locales/pl/payment.json";
import plPromotion from "../../locales/pl/promotion.json";

export const resources = {
  de: { common: deCommon, paella: dePaella, payment: dePayment, promotion: dePromotion },
  en: { common: enCommon, paella: enPaella, payment: enPayment, promotion: enPromotion },
  es: { common: esCommon, paella: esPaella, payment: esPayment, promotion: esPromotion },
  pl: { common: plCommon, paella: plPaella, payment: plPayment, promotion: plPromotion },
};
