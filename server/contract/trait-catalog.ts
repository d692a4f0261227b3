/**
 * The trait catalog without valibot (ADR 161): what a page needs to label stored traits, and what the join and
 * settings loaders pick the shown step's groups from; traits.ts re-exports it with the groups' value schemas.
 *
 * Profile trait groups (spec section 3) and the appearance/profile choice
 * fields (cup_size, breast_type, gender_identity, you_have, nationality,
 * languages) with their option lists. The spec names the groups but not the
 * options ("not shown"); the lists below are our design for a German
 * platform and are served by GET /api/v2/definitions/register.
 *
 * ID RULE — read before editing: an option's numeric `id` is what profiles,
 * search filters and links store. Once released, an id is never renumbered,
 * never reused for another meaning and never removed (stored values must
 * keep resolving to a label; stop offering an option in the form instead).
 * New options get the next free id of their group (of their category range
 * in escort_service). A key may be renamed only together with its
 * translation keys; the id stays.
 *
 * Labels are translation keys in the common namespace:
 *   group title      traits.<group>._title
 *   option label     traits.<group>.<option key>
 *   category title   traits.<group>._categories.<category>
 * The identity fields of the same forms (server/contract/users.ts) follow
 * suit: traits.gender.<name> and traits.salutation.<key>.
 *
 * Legal note (ProstSchG §32): advertising sexual services without a condom
 * or with pregnant persons is forbidden in Germany, so no such option may
 * ever be added; tests/api/definitions/traits.test.ts guards the keys and all labels.
 */
export { APPEARANCE_MEASURES } from "./profile-form-limits";
export { traitCategoryKey, traitLabelKey, traitTitleKey } from "./trait-keys";

export type TraitChoice = "single" | "multiple";
/** User types that fill in traits (guest, backend and team have no profile). */
export type TraitUserType = "client" | "escort" | "business";

export interface TraitOption {
  readonly id: number;
  readonly key: string;
  /** escort_service: soft | hard | clothing | fetish; cup_size: its band. */
  readonly category?: string;
}

export interface TraitGroup {
  readonly key: string;
  readonly choice: TraitChoice;
  /** Whose profile (and registration) form shows the group. */
  readonly userTypes: readonly TraitUserType[];
  /** Spec section 5: a single choice the individual registration cannot skip. */
  readonly requiredAtRegistration: boolean;
  /** Ordered category keys when options are grouped (see TraitOption.category). */
  readonly categories?: readonly string[];
  readonly options: readonly TraitOption[];
}

const INDIVIDUALS = ["client", "escort"] as const;
const PROVIDERS = ["escort", "business"] as const;
const EVERYONE = ["client", "escort", "business"] as const;

function o(id: number, key: string, category?: string): TraitOption {
  return category === undefined ? { id, key } : { id, key, category };
}

function fromPairs(pairs: ReadonlyArray<readonly [number, string]>): TraitOption[] {
  return pairs.map(([id, key]) => o(id, key));
}

/**
 * Cup sizes A..K one by one; the category is the band of spec section 9
 * (a-b, c-d, e-f, g-h, i-j, k+) that search facets group them by.
 */
export const CUP_SIZE_BANDS = ["a_b", "c_d", "e_f", "g_h", "i_j", "k_plus"] as const;

/**
 * escort_service ids live in a range per category (soft 101–199, hard
 * 201–299, clothing 301–399, fetish 401–499) so a category never runs into
 * another one. Spec section 9 searches escort_service 133 for the white-label
 * home fallback (global radius, language en): 133 is travel_companion, the
 * service that makes sense across a worldwide radius.
 */
export const ESCORT_SERVICE_CATEGORIES = ["soft", "hard", "clothing", "fetish"] as const;

/** Nationality keys are ISO 3166-1 alpha-2 codes (lower case); labels are the country names. */
const NATIONALITIES: ReadonlyArray<readonly [number, string]> = [
  [1, "ad"],
  [2, "ae"],
  [3, "af"],
  [4, "ag"],
  [5, "al"],
  [6, "am"],
  [7, "ao"],
  [8, "ar"],
  [9, "at"],
  [10, "au"],
  [11, "az"],
  [12, "ba"],
  [13, "bb"],
  [14, "bd"],
  [15, "be"],
  [16, "bf"],
  [17, "bg"],
  [18, "bh"],
  [19, "bi"],
  [20, "bj"],
  [21, "bn"],
  [22, "bo"],
  [23, "br"],
  [24, "bs"],
  [25, "bt"],
  [26, "bw"],
  [27, "by"],
  [28, "bz"],
  [29, "ca"],
  [30, "cd"],
  [31, "cf"],
  [32, "cg"],
  [33, "ch"],
  [34, "ci"],
  [35, "cl"],
  [36, "cm"],
  [37, "cn"],
  [38, "co"],
  [39, "cr"],
  [40, "cu"],
  [41, "cv"],
  [42, "cy"],
  [43, "cz"],
  [44, "de"],
  [45, "dj"],
  [46, "dk"],
  [47, "dm"],
  [48, "do"],
  [49, "dz"],
  [50, "ec"],
  [51, "ee"],
  [52, "eg"],
  [53, "er"],
  [54, "es"],
  [55, "et"],
  [56, "fi"],
  [57, "fj"],
  [58, "fm"],
  [59, "fr"],
  [60, "ga"],
  [61, "gb"],
  [62, "gd"],
  [63, "ge"],
  [64, "gh"],
  [65, "gm"],
  [66, "gn"],
  [67, "gq"],
  [68, "gr"],
  [69, "gt"],
  [70, "gw"],
  [71, "gy"],
  [72, "hk"],
  [73, "hn"],
  [74, "hr"],
  [75, "ht"],
  [76, "hu"],
  [77, "id"],
  [78, "ie"],
  [79, "il"],
  [80, "in"],
  [81, "iq"],
  [82, "ir"],
  [83, "is"],
  [84, "it"],
  [85, "jm"],
  [86, "jo"],
  [87, "jp"],
  [88, "ke"],
  [89, "kg"],
  [90, "kh"],
  [91, "ki"],
  [92, "km"],
  [93, "kn"],
  [94, "kp"],
  [95, "kr"],
  [96, "kw"],
  [97, "kz"],
  [98, "la"],
  [99, "lb"],
  [100, "lc"],
  [101, "li"],
  [102, "lk"],
  [103, "lr"],
  [104, "ls"],
  [105, "lt"],
  [106, "lu"],
  [107, "lv"],
  [108, "ly"],
  [109, "ma"],
  [110, "mc"],
  [111, "md"],
  [112, "me"],
  [113, "mg"],
  [114, "mh"],
  [115, "mk"],
  [116, "ml"],
  [117, "mm"],
  [118, "mn"],
  [119, "mr"],
  [120, "mt"],
  [121, "mu"],
  [122, "mv"],
  [123, "mw"],
  [124, "mx"],
  [125, "my"],
  [126, "mz"],
  [127, "na"],
  [128, "ne"],
  [129, "ng"],
  [130, "ni"],
  [131, "nl"],
  [132, "no"],
  [133, "np"],
  [134, "nr"],
  [135, "nz"],
  [136, "om"],
  [137, "pa"],
  [138, "pe"],
  [139, "pg"],
  [140, "ph"],
  [141, "pk"],
  [142, "pl"],
  [143, "ps"],
  [144, "pt"],
  [145, "pw"],
  [146, "py"],
  [147, "qa"],
  [148, "ro"],
  [149, "rs"],
  [150, "ru"],
  [151, "rw"],
  [152, "sa"],
  [153, "sb"],
  [154, "sc"],
  [155, "sd"],
  [156, "se"],
  [157, "sg"],
  [158, "si"],
  [159, "sk"],
  [160, "sl"],
  [161, "sm"],
  [162, "sn"],
  [163, "so"],
  [164, "sr"],
  [165, "ss"],
  [166, "st"],
  [167, "sv"],
  [168, "sy"],
  [169, "sz"],
  [170, "td"],
  [171, "tg"],
  [172, "th"],
  [173, "tj"],
  [174, "tl"],
  [175, "tm"],
  [176, "tn"],
  [177, "to"],
  [178, "tr"],
  [179, "tt"],
  [180, "tv"],
  [181, "tw"],
  [182, "tz"],
  [183, "ua"],
  [184, "ug"],
  [185, "us"],
  [186, "uy"],
  [187, "uz"],
  [188, "va"],
  [189, "vc"],
  [190, "ve"],
  [191, "vn"],
  [192, "vu"],
  [193, "ws"],
  [194, "xk"],
  [195, "ye"],
  [196, "za"],
  [197, "zm"],
  [198, "zw"],
];

/** Spoken languages: ISO 639-1 keys, plus sign language. */
const SPOKEN_LANGUAGES: ReadonlyArray<readonly [number, string]> = [
  [1, "de"],
  [2, "en"],
  [3, "es"],
  [4, "pl"],
  [5, "fr"],
  [6, "it"],
  [7, "pt"],
  [8, "nl"],
  [9, "ru"],
  [10, "uk"],
  [11, "ro"],
  [12, "bg"],
  [13, "hu"],
  [14, "cs"],
  [15, "sk"],
  [16, "sl"],
  [17, "hr"],
  [18, "sr"],
  [19, "bs"],
  [20, "sq"],
  [21, "mk"],
  [22, "el"],
  [23, "tr"],
  [24, "ar"],
  [25, "fa"],
  [26, "ku"],
  [27, "he"],
  [28, "hi"],
  [29, "ur"],
  [30, "bn"],
  [31, "th"],
  [32, "vi"],
  [33, "zh"],
  [34, "ja"],
  [35, "ko"],
  [36, "tl"],
  [37, "id"],
  [38, "ms"],
  [39, "sv"],
  [40, "da"],
  [41, "no"],
  [42, "fi"],
  [43, "et"],
  [44, "lv"],
  [45, "lt"],
  [46, "is"],
  [47, "sw"],
  [48, "am"],
  [49, "ka"],
  [50, "hy"],
  [51, "az"],
  [52, "lb"],
  [53, "ps"],
  [54, "ti"],
  [55, "so"],
  [56, "pa"],
  [57, "ta"],
  [58, "sign_language"],
];

export const TRAIT_GROUPS = [
  // --- Registration (spec section 5: required, single choice each) ---------
  {
    key: "relationship_status",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: true,
    options: [
      o(1, "single"),
      o(2, "in_relationship"),
      o(3, "married"),
      o(4, "open_relationship"),
      o(5, "divorced"),
      o(6, "widowed"),
      o(7, "separated"),
    ],
  },
  {
    key: "sexuality",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: true,
    options: [
      o(1, "heterosexual"),
      o(2, "homosexual"),
      o(3, "bisexual"),
      o(4, "pansexual"),
      o(5, "asexual"),
      o(6, "bi_curious"),
      o(7, "queer"),
    ],
  },
  {
    // "Typ" on German platforms: a broad appearance type, not a nationality.
    key: "race_type",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: true,
    options: [
      o(1, "european"),
      o(2, "latin_american"),
      o(3, "asian"),
      o(4, "african"),
      o(5, "middle_eastern"),
      o(6, "south_asian"),
      o(7, "mixed"),
      o(8, "other"),
    ],
  },

  // --- Appearance ----------------------------------------------------------
  {
    key: "figure_type",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: [
      o(1, "petite"),
      o(2, "slim"),
      o(3, "athletic"),
      o(4, "average"),
      o(5, "curvy"),
      o(6, "plus_size"),
      o(7, "muscular"),
      o(8, "stocky"),
    ],
  },
  {
    key: "cup_size",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    categories: CUP_SIZE_BANDS,
    options: [
      o(1, "a", "a_b"),
      o(2, "b", "a_b"),
      o(3, "c", "c_d"),
      o(4, "d", "c_d"),
      o(5, "e", "e_f"),
      o(6, "f", "e_f"),
      o(7, "g", "g_h"),
      o(8, "h", "g_h"),
      o(9, "i", "i_j"),
      o(10, "j", "i_j"),
      o(11, "k", "k_plus"),
    ],
  },
  {
    key: "breast_type",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: [o(1, "natural"), o(2, "enhanced")],
  },
  {
    key: "hair_color",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: [
      o(1, "blonde"),
      o(2, "dark_blonde"),
      o(3, "light_brown"),
      o(4, "brown"),
      o(5, "black"),
      o(6, "red"),
      o(7, "auburn"),
      o(8, "grey"),
      o(9, "white"),
      o(10, "colorful"),
    ],
  },
  {
    key: "hair_length",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: [
      o(1, "bald"),
      o(2, "very_short"),
      o(3, "short"),
      o(4, "chin_length"),
      o(5, "shoulder_length"),
      o(6, "long"),
      o(7, "very_long"),
    ],
  },
  {
    key: "body_hair",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: [o(1, "none"), o(2, "little"), o(3, "average"), o(4, "hairy"), o(5, "very_hairy")],
  },
  {
    key: "intimate_hair",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: [o(1, "shaved"), o(2, "trimmed"), o(3, "landing_strip"), o(4, "natural")],
  },
  {
    key: "characteristic_trait",
    choice: "multiple",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: [
      o(1, "freckles"),
      o(2, "dimples"),
      o(3, "glasses"),
      o(4, "beard"),
      o(5, "stubble"),
      o(6, "mustache"),
      o(7, "long_legs"),
      o(8, "long_nails"),
      o(9, "natural_look"),
      o(10, "heavy_makeup"),
      o(11, "tanned"),
      o(12, "pale_skin"),
      o(13, "eyelash_extensions"),
    ],
  },
  {
    key: "piercing",
    choice: "multiple",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: [o(1, "ears"), o(2, "nose"), o(3, "eyebrow"), o(4, "lip"), o(5, "tongue"), o(6, "navel"), o(7, "nipples"), o(8, "intimate")],
  },
  {
    key: "tattoo",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: [o(1, "none"), o(2, "small"), o(3, "several"), o(4, "many")],
  },

  // --- Profile page ----------------------------------------------------------
  {
    key: "gender_identity",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: [
      o(1, "woman"),
      o(2, "man"),
      o(3, "trans_woman"),
      o(4, "trans_man"),
      o(5, "non_binary"),
      o(6, "genderfluid"),
      o(7, "intersex"),
    ],
  },
  {
    key: "nationality",
    choice: "single",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: fromPairs(NATIONALITIES),
  },
  {
    key: "languages",
    choice: "multiple",
    userTypes: EVERYONE,
    requiredAtRegistration: false,
    options: fromPairs(SPOKEN_LANGUAGES),
  },
  {
    // "Du hast": facts about the person's circumstances that matter for dates.
    key: "you_have",
    choice: "multiple",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: [o(1, "own_apartment"), o(2, "car"), o(3, "driving_licence"), o(4, "children"), o(5, "pets")],
  },
  {
    key: "partner_preference",
    choice: "multiple",
    userTypes: INDIVIDUALS,
    requiredAtRegistration: false,
    options: [o(1, "women"), o(2, "men"), o(3, "couples"), o(4, "trans_women"), o(5, "trans_men"), o(6, "non_binary"), o(7, "groups")],
  },

  // --- Offer: escorts and businesses ------------------------------------------
  {
    key: "escort_role",
    choice: "multiple",
    userTypes: ["escort"],
    requiredAtRegistration: false,
    options: [
      o(1, "escort"),
      o(2, "hobby_escort"),
      o(3, "call_girl"),
      o(4, "callboy"),
      o(5, "masseur"),
      o(6, "tantra_practitioner"),
      o(7, "dominatrix"),
      o(8, "submissive"),
      o(9, "porn_performer"),
      o(10, "webcam_model"),
      o(11, "stripper"),
      o(12, "content_creator"),
    ],
  },
  {
    // Who is welcome as a customer.
    key: "customer_type",
    choice: "multiple",
    userTypes: PROVIDERS,
    requiredAtRegistration: false,
    options: [
      o(1, "men"),
      o(2, "women"),
      o(3, "couples"),
      o(4, "trans_people"),
      o(5, "groups"),
      o(6, "disabled_people"),
      o(7, "seniors"),
      o(8, "first_timers"),
    ],
  },
  {
    // Also on client profiles ("where I can meet"); spec section 3 filters favorites/visitors by it.
    key: "meeting_option",
    choice: "multiple",
    userTypes: EVERYONE,
    requiredAtRegistration: false,
    options: [
      o(1, "incall"),
      o(2, "outcall"),
      o(3, "hotel"),
      o(4, "car"),
      o(5, "club"),
      o(6, "swinger_club"),
      o(7, "events"),
      o(8, "online"),
    ],
  },
  {
    // Premises and ambience where the provider receives guests.
    key: "environment",
    choice: "multiple",
    userTypes: PROVIDERS,
    requiredAtRegistration: false,
    options: [
      o(1, "private_apartment"),
      o(2, "studio"),
      o(3, "discreet_entrance"),
      o(4, "parking"),
      o(5, "public_transport"),
      o(6, "shower"),
      o(7, "air_conditioning"),
      o(8, "non_smoking"),
      o(9, "smoking_allowed"),
      o(10, "drinks_offered"),
      o(11, "wheelchair_accessible"),
      o(12, "pets_present"),
    ],
  },
  {
    // Clients pick the services they are interested in; providers the ones they offer.
    key: "escort_service",
    choice: "multiple",
    userTypes: EVERYONE,
    requiredAtRegistration: false,
    categories: ESCORT_SERVICE_CATEGORIES,
    options: [
      o(101, "intercourse", "soft"),
      o(102, "multiple_rounds", "soft"),
      o(103, "oral_with_condom", "soft"),
      o(104, "kissing", "soft"),
      o(105, "french_kissing", "soft"),
      o(106, "cuddling", "soft"),
      o(107, "caressing", "soft"),
      o(108, "foreplay", "soft"),
      o(109, "various_positions", "soft"),
      o(110, "girlfriend_experience", "soft"),
      o(111, "handjob", "soft"),
      o(112, "breast_play", "soft"),
      o(113, "erotic_massage", "soft"),
      o(114, "relaxing_massage", "soft"),
      o(115, "body_to_body_massage", "soft"),
      o(116, "tantra_massage", "soft"),
      o(117, "lingam_massage", "soft"),
      o(118, "yoni_massage", "soft"),
      o(119, "nuru_massage", "soft"),
      o(120, "striptease", "soft"),
      o(121, "lap_dance", "soft"),
      o(122, "toys", "soft"),
      o(123, "masturbation_show", "soft"),
      o(124, "lesbian_show", "soft"),
      o(125, "threesome", "soft"),
      o(126, "dirty_talk", "soft"),
      o(127, "shower_together", "soft"),
      o(128, "bath_together", "soft"),
      o(129, "beginner_friendly", "soft"),
      o(130, "dinner_date", "soft"),
      o(131, "social_escort", "soft"),
      o(132, "overnight", "soft"),
      o(133, "travel_companion", "soft"),
      o(134, "webcam_show", "soft"),
      o(135, "phone_sex", "soft"),
      o(136, "erotic_chat", "soft"),

      o(201, "anal_with_condom", "hard"),
      o(202, "deep_throat_with_condom", "hard"),
      o(203, "prostate_massage", "hard"),
      o(204, "strap_on", "hard"),
      o(205, "double_penetration", "hard"),
      o(206, "anal_toys", "hard"),
      o(207, "rough_sex", "hard"),
      o(208, "group_sex", "hard"),
      o(209, "gangbang", "hard"),
      o(210, "squirting", "hard"),
      o(211, "body_finish", "hard"),

      o(301, "lingerie", "clothing"),
      o(302, "stockings", "clothing"),
      o(303, "pantyhose", "clothing"),
      o(304, "high_heels", "clothing"),
      o(305, "boots", "clothing"),
      o(306, "latex", "clothing"),
      o(307, "leather", "clothing"),
      o(308, "vinyl", "clothing"),
      o(309, "corsage", "clothing"),
      o(310, "business_outfit", "clothing"),
      o(311, "evening_dress", "clothing"),
      o(312, "casual", "clothing"),
      o(313, "sportswear", "clothing"),
      o(314, "uniform", "clothing"),
      o(315, "costumes", "clothing"),
      o(316, "dirndl", "clothing"),
      o(317, "wetlook", "clothing"),
      o(318, "catsuit", "clothing"),
      o(319, "outfit_on_request", "clothing"),

      o(401, "soft_bdsm", "fetish"),
      o(402, "bondage", "fetish"),
      o(403, "dominant", "fetish"),
      o(404, "submissive", "fetish"),
      o(405, "role_play", "fetish"),
      o(406, "foot_fetish", "fetish"),
      o(407, "spanking", "fetish"),
      o(408, "flagellation", "fetish"),
      o(409, "wax_play", "fetish"),
      o(410, "nipple_play", "fetish"),
      o(411, "cbt", "fetish"),
      o(412, "golden_shower", "fetish"),
      o(413, "facesitting", "fetish"),
      o(414, "trampling", "fetish"),
      o(415, "humiliation", "fetish"),
      o(416, "tease_and_denial", "fetish"),
      o(417, "chastity", "fetish"),
      o(418, "feminization", "fetish"),
      o(419, "medical_play", "fetish"),
      o(420, "electro_play", "fetish"),
      o(421, "pet_play", "fetish"),
      o(422, "blindfolding", "fetish"),
      o(423, "tickling", "fetish"),
      o(424, "smoking_fetish", "fetish"),
      o(425, "voyeurism", "fetish"),
      o(426, "erotic_wrestling", "fetish"),
      o(427, "cuckolding", "fetish"),
    ],
  },

  // --- Businesses (clubs, agencies, studios) ----------------------------------
  {
    key: "company_service",
    choice: "multiple",
    userTypes: ["business"],
    requiredAtRegistration: false,
    options: [
      o(1, "outcall_escort"),
      o(2, "room_rental"),
      o(3, "bar"),
      o(4, "drinks_included"),
      o(5, "buffet"),
      o(6, "flat_rate"),
      o(7, "theme_parties"),
      o(8, "couples_welcome"),
      o(9, "live_shows"),
      o(10, "table_dance"),
      o(11, "parking"),
      o(12, "card_payment"),
      o(13, "discreet_entrance"),
      o(14, "shuttle_service"),
      o(15, "wifi"),
      o(16, "lockers"),
      o(17, "bathrobes_towels"),
      o(18, "open_24_7"),
      o(19, "english_speaking_staff"),
      o(20, "wheelchair_accessible"),
      o(21, "online_booking"),
      o(22, "vouchers"),
      o(23, "happy_hour"),
    ],
  },
  {
    key: "company_room",
    choice: "multiple",
    userTypes: ["business"],
    requiredAtRegistration: false,
    options: [
      o(1, "sauna"),
      o(2, "steam_bath"),
      o(3, "whirlpool"),
      o(4, "swimming_pool"),
      o(5, "relaxation_room"),
      o(6, "cinema"),
      o(7, "bar_lounge"),
      o(8, "smoking_lounge"),
      o(9, "garden_terrace"),
      o(10, "themed_rooms"),
      o(11, "sm_studio"),
      o(12, "clinic_room"),
      o(13, "ensuite_shower"),
      o(14, "mirror_room"),
      o(15, "play_area"),
      o(16, "dark_room"),
      o(17, "massage_room"),
      o(18, "vip_suite"),
      o(19, "separee"),
      o(20, "stage"),
    ],
  },
  {
    // BDSM staff and equipment of studios and clubs.
    key: "company_bizarre",
    choice: "multiple",
    userTypes: ["business"],
    requiredAtRegistration: false,
    options: [
      o(1, "domina_on_site"),
      o(2, "submissive_ladies"),
      o(3, "st_andrews_cross"),
      o(4, "sling"),
      o(5, "cage"),
      o(6, "gyn_chair"),
      o(7, "pillory"),
      o(8, "spanking_bench"),
      o(9, "suspension_rig"),
      o(10, "bondage_bed"),
      o(11, "queening_chair"),
      o(12, "vacuum_bed"),
      o(13, "electro_equipment"),
      o(14, "wet_room"),
      o(15, "dungeon"),
      o(16, "fetish_wardrobe"),
      o(17, "toy_collection"),
    ],
  },
] as const satisfies readonly TraitGroup[];

type TraitGroupDefinition = (typeof TRAIT_GROUPS)[number];
export type TraitGroupKey = TraitGroupDefinition["key"];
export type TraitChoiceOf<K extends TraitGroupKey> = Extract<TraitGroupDefinition, { key: K }>["choice"];
/** The stored value of a group: one option id, or a list of distinct ids. */
export type TraitValue<K extends TraitGroupKey> = TraitChoiceOf<K> extends "single" ? number : number[];

export const TRAIT_GROUP_KEYS = TRAIT_GROUPS.map((group) => group.key) as TraitGroupKey[];

/** The groups a registration of an individual (client, escort) must answer. */
export const REQUIRED_REGISTRATION_TRAITS = TRAIT_GROUPS.filter((group) => group.requiredAtRegistration).map((group) => group.key);

const groupsByKey = new Map<string, TraitGroup>(TRAIT_GROUPS.map((group) => [group.key, group]));
const optionIdsByGroup = new Map<string, ReadonlySet<number>>(
  TRAIT_GROUPS.map((group) => [group.key, new Set(group.options.map((option) => option.id))]),
);

export function findTraitGroup(key: string): TraitGroup | undefined {
  return groupsByKey.get(key);
}

export function isValidTraitOption(groupKey: string, id: unknown): boolean {
  return typeof id === "number" && (optionIdsByGroup.get(groupKey)?.has(id) ?? false);
}

export function traitGroupsFor(userType: TraitUserType): TraitGroup[] {
  return TRAIT_GROUPS.filter((group) => (group.userTypes as readonly TraitUserType[]).includes(userType));
}
