// Translation resources bundled into the server build, so rendering never
// waits on the file system. The browser loads the same files over HTTP, one
// namespace at a time (docs/decisions/014).
import deCommon from "../../locales/de/common.json";
import deAccount from "../../locales/de/account.json";
import deCharts from "../../locales/de/charts.json";
import deAuth from "../../locales/de/auth.json";
import deDev from "../../locales/de/dev.json";
import deDirectory from "../../locales/de/directory.json";
import deHome from "../../locales/de/home.json";
import deInfo from "../../locales/de/info.json";
import deInvites from "../../locales/de/invites.json";
import deJoin from "../../locales/de/join.json";
import deProfile from "../../locales/de/profile.json";
import deSearch from "../../locales/de/search.json";
import deTraits from "../../locales/de/traits.json";
import deGallery from "../../locales/de/gallery.json";
import deGalleryUpload from "../../locales/de/gallery-upload.json";
import deVisibility from "../../locales/de/visibility.json";
import deRelations from "../../locales/de/relations.json";
import deFavorites from "../../locales/de/favorites.json";
import deFriends from "../../locales/de/friends.json";
import deDating from "../../locales/de/dating.json";
import deMessenger from "../../locales/de/messenger.json";
import deNotifications from "../../locales/de/notifications.json";
import deReports from "../../locales/de/reports.json";
import deReviews from "../../locales/de/reviews.json";
import deTours from "../../locales/de/tours.json";
import deModeration from "../../locales/de/moderation.json";
import deMembership from "../../locales/de/membership.json";
import dePaella from "../../locales/de/paella.json";
import dePayment from "../../locales/de/payment.json";
import dePromotion from "../../locales/de/promotion.json";
import enCommon from "../../locales/en/common.json";
import enAccount from "../../locales/en/account.json";
import enCharts from "../../locales/en/charts.json";
import enAuth from "../../locales/en/auth.json";
import enDev from "../../locales/en/dev.json";
import enDirectory from "../../locales/en/directory.json";
import enHome from "../../locales/en/home.json";
import enInfo from "../../locales/en/info.json";
import enInvites from "../../locales/en/invites.json";
import enJoin from "../../locales/en/join.json";
import enProfile from "../../locales/en/profile.json";
import enSearch from "../../locales/en/search.json";
import enTraits from "../../locales/en/traits.json";
import enGallery from "../../locales/en/gallery.json";
import enGalleryUpload from "../../locales/en/gallery-upload.json";
import enVisibility from "../../locales/en/visibility.json";
import enRelations from "../../locales/en/relations.json";
import enFavorites from "../../locales/en/favorites.json";
import enFriends from "../../locales/en/friends.json";
import enDating from "../../locales/en/dating.json";
import enMessenger from "../../locales/en/messenger.json";
import enNotifications from "../../locales/en/notifications.json";
import enReports from "../../locales/en/reports.json";
import enReviews from "../../locales/en/reviews.json";
import enTours from "../../locales/en/tours.json";
import enModeration from "../../locales/en/moderation.json";
import enMembership from "../../locales/en/membership.json";
import enPaella from "../../locales/en/paella.json";
import enPayment from "../../locales/en/payment.json";
import enPromotion from "../../locales/en/promotion.json";
import esCommon from "../../locales/es/common.json";
import esAccount from "../../locales/es/account.json";
import esCharts from "../../locales/es/charts.json";
import esAuth from "../../locales/es/auth.json";
import esDev from "../../locales/es/dev.json";
import esDirectory from "../../locales/es/directory.json";
import esHome from "../../locales/es/home.json";
import esInfo from "../../locales/es/info.json";
import esInvites from "../../locales/es/invites.json";
import esJoin from "../../locales/es/join.json";
import esProfile from "../../locales/es/profile.json";
import esSearch from "../../locales/es/search.json";
import esTraits from "../../locales/es/traits.json";
import esGallery from "../../locales/es/gallery.json";
import esGalleryUpload from "../../locales/es/gallery-upload.json";
import esVisibility from "../../locales/es/visibility.json";
import esRelations from "../../locales/es/relations.json";
import esFavorites from "../../locales/es/favorites.json";
import esFriends from "../../locales/es/friends.json";
import esDating from "../../locales/es/dating.json";
import esMessenger from "../../locales/es/messenger.json";
import esNotifications from "../../locales/es/notifications.json";
import esReports from "../../locales/es/reports.json";
import esReviews from "../../locales/es/reviews.json";
import esTours from "../../locales/es/tours.json";
import esModeration from "../../locales/es/moderation.json";
import esMembership from "../../locales/es/membership.json";
import esPaella from "../../locales/es/paella.json";
import esPayment from "../../locales/es/payment.json";
import esPromotion from "../../locales/es/promotion.json";
import plCommon from "../../locales/pl/common.json";
import plAccount from "../../locales/pl/account.json";
import plCharts from "../../locales/pl/charts.json";
import plAuth from "../../locales/pl/auth.json";
import plDev from "../../locales/pl/dev.json";
import plDirectory from "../../locales/pl/directory.json";
import plHome from "../../locales/pl/home.json";
import plInfo from "../../locales/pl/info.json";
import plInvites from "../../locales/pl/invites.json";
import plJoin from "../../locales/pl/join.json";
import plProfile from "../../locales/pl/profile.json";
import plSearch from "../../locales/pl/search.json";
import plTraits from "../../locales/pl/traits.json";
import plGallery from "../../locales/pl/gallery.json";
import plGalleryUpload from "../../locales/pl/gallery-upload.json";
import plVisibility from "../../locales/pl/visibility.json";
import plRelations from "../../locales/pl/relations.json";
import plFavorites from "../../locales/pl/favorites.json";
import plFriends from "../../locales/pl/friends.json";
import plDating from "../../locales/pl/dating.json";
import plMessenger from "../../locales/pl/messenger.json";
import plNotifications from "../../locales/pl/notifications.json";
import plReports from "../../locales/pl/reports.json";
import plReviews from "../../locales/pl/reviews.json";
import plTours from "../../locales/pl/tours.json";
import plModeration from "../../locales/pl/moderation.json";
import plMembership from "../../locales/pl/membership.json";
import plPaella from "../../locales/pl/paella.json";
import plPayment from "../../locales/pl/payment.json";
import plPromotion from "../../locales/pl/promotion.json";

export const resources = {
  de: {
    common: deCommon,
    account: deAccount,
    charts: deCharts,
    auth: deAuth,
    dev: deDev,
    directory: deDirectory,
    home: deHome,
    info: deInfo,
    invites: deInvites,
    join: deJoin,
    profile: deProfile,
    search: deSearch,
    traits: deTraits,
    gallery: deGallery,
    "gallery-upload": deGalleryUpload,
    visibility: deVisibility,
    relations: deRelations,
    favorites: deFavorites,
    friends: deFriends,
    dating: deDating,
    messenger: deMessenger,
    notifications: deNotifications,
    reports: deReports,
    reviews: deReviews,
    tours: deTours,
    moderation: deModeration,
    membership: deMembership,
    paella: dePaella,
    payment: dePayment,
    promotion: dePromotion,
  },
  en: {
    common: enCommon,
    account: enAccount,
    charts: enCharts,
    auth: enAuth,
    dev: enDev,
    directory: enDirectory,
    home: enHome,
    info: enInfo,
    invites: enInvites,
    join: enJoin,
    profile: enProfile,
    search: enSearch,
    traits: enTraits,
    gallery: enGallery,
    "gallery-upload": enGalleryUpload,
    visibility: enVisibility,
    relations: enRelations,
    favorites: enFavorites,
    friends: enFriends,
    dating: enDating,
    messenger: enMessenger,
    notifications: enNotifications,
    reports: enReports,
    reviews: enReviews,
    tours: enTours,
    moderation: enModeration,
    membership: enMembership,
    paella: enPaella,
    payment: enPayment,
    promotion: enPromotion,
  },
  es: {
    common: esCommon,
    account: esAccount,
    charts: esCharts,
    auth: esAuth,
    dev: esDev,
    directory: esDirectory,
    home: esHome,
    info: esInfo,
    invites: esInvites,
    join: esJoin,
    profile: esProfile,
    search: esSearch,
    traits: esTraits,
    gallery: esGallery,
    "gallery-upload": esGalleryUpload,
    visibility: esVisibility,
    relations: esRelations,
    favorites: esFavorites,
    friends: esFriends,
    dating: esDating,
    messenger: esMessenger,
    notifications: esNotifications,
    reports: esReports,
    reviews: esReviews,
    tours: esTours,
    moderation: esModeration,
    membership: esMembership,
    paella: esPaella,
    payment: esPayment,
    promotion: esPromotion,
  },
  pl: {
    common: plCommon,
    account: plAccount,
    charts: plCharts,
    auth: plAuth,
    dev: plDev,
    directory: plDirectory,
    home: plHome,
    info: plInfo,
    invites: plInvites,
    join: plJoin,
    profile: plProfile,
    search: plSearch,
    traits: plTraits,
    gallery: plGallery,
    "gallery-upload": plGalleryUpload,
    visibility: plVisibility,
    relations: plRelations,
    favorites: plFavorites,
    friends: plFriends,
    dating: plDating,
    messenger: plMessenger,
    notifications: plNotifications,
    reports: plReports,
    reviews: plReviews,
    tours: plTours,
    moderation: plModeration,
    membership: plMembership,
    paella: plPaella,
    payment: plPayment,
    promotion: plPromotion,
  },
};
