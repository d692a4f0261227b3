/** The tours group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { createTourSchema } from "../tours";

export const toursOps = {
  list: defineOperation({ method: "get", path: "/api/v2/tours", response: "TourList" }),
  create: defineOperation({ method: "post", path: "/api/v2/tours", body: createTourSchema, response: "TourList" }),
  cancel: defineOperation({ method: "post", path: "/api/v2/tours/:id/cancel", response: "TourList" }),
  remove: defineOperation({ method: "delete", path: "/api/v2/tours/:id", response: "TourList" }),
};
