/** Remix loaders and actions answer redirects (and some errors) by throwing a Response. */

/** The Response the call threw; any other error is passed on, and a call that throws nothing fails the test. */
export async function thrownResponse(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the call to throw a Response (a redirect)");
}
