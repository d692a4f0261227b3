/** The federated group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { federatedAuthorizeSchema, thirdPartySignInSchema } from "../invites";

export const federatedOps = {
  providers: defineOperation({ method: "get", path: "/api/v2/registration/third-party/providers", response: "ThirdPartyProviders" }),
  authorize: defineOperation({
    method: "post",
    path: "/api/v2/registration/third-party/authorize",
    body: federatedAuthorizeSchema,
    response: "ThirdPartyAuthorization",
  }),
  signIn: defineOperation({
    method: "post",
    path: "/api/v2/registration/third-party",
    body: thirdPartySignInSchema,
    response: "ThirdPartySignIn",
  }),
};
