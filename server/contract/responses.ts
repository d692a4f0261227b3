/**
 * Every declared success body of the API, by the name the OpenAPI document gives it (issue 8 item 1, ADR 041).
 * A route names one with `response: "BlockList"`; its handler must then answer that type (`ok` carries it), the
 * web tier reads it as `Camelize<ResponseBodies["BlockList"]>`, and `npm run contract:schemas` generates the JSON
 * schemas of the OpenAPI document from this interface (server/contract/generated/response-schemas.json). The test
 * runtime checks every success body an API test receives against its schema.
 */
import type { BlockList } from "./blocks";
import type { BusinessLinksView } from "./business-links";
import type { ConsentItem } from "./consents";
import type { CountryDefinition, LanguageDefinition } from "./definitions";
import type { IssuedCaptcha } from "./auth";
import type { ClaimBound, ClaimCodeVerified, ClaimPreview, InvitationInfo, PhoneStatus, ThirdPartySignIn } from "./invites";
import type { MediaItem } from "./media";
import type { DataExport, DataExportStatus } from "./privacy";
import type { GuideCountry, SitemapEntry } from "./seo";
import type { AccountState } from "./settings";
import type { TourList } from "./tours";
import type { UserDataResponse } from "./users";

export interface ResponseBodies {
  AccountState: AccountState;
  BlockList: BlockList;
  BusinessLinksView: BusinessLinksView;
  ClaimBound: ClaimBound;
  ClaimCodeVerified: ClaimCodeVerified;
  ClaimPreview: ClaimPreview;
  ConsentList: ConsentItem[];
  CountryDefinitions: CountryDefinition[];
  DataExport: DataExport;
  DataExportStatus: DataExportStatus;
  DirectorySitemap: SitemapEntry[];
  InvitationInfo: InvitationInfo;
  IssuedCaptcha: IssuedCaptcha;
  LanguageDefinitions: LanguageDefinition[];
  LocationGuide: GuideCountry[];
  MediaItems: MediaItem[];
  PhoneStatus: PhoneStatus;
  ThirdPartySignIn: ThirdPartySignIn;
  TourList: TourList;
  UserData: UserDataResponse;
}

export type ResponseName = keyof ResponseBodies;
