import { expect, test } from "./fixtures";

/**
 * Issue 9 items 3 and 6 in a real browser: the Content-Security-Policy blocks nothing of ours on hydrated
 * pages (Remix's inline scripts carry the nonce), and a form posted from a page of another site is refused.
 */
test.describe("with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("hydrated pages run under the Content-Security-Policy without a single violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => console.error(`Content Security Policy: ${event.violatedDirective}`));
    });
    for (const path of ["/de/login", "/de/escorts", "/de/join/user"]) {
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-/);
      await page.waitForLoadState("networkidle");
    }
    expect(violations).toEqual([]);
  });
});

test("a form posted from a page of another site is refused with the translated 403 page", async ({ page, baseURL }) => {
  // A page of another origin with a login form aimed at us (the browser sends Origin and Sec-Fetch-Site itself).
  await page.route("http://foreign.example/", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form method="post" action="${baseURL}/de/login"><input name="username" value="demo_client"><input name="password" value="x"><button>go</button></form>`,
    }),
  );
  await page.goto("http://foreign.example/");
  const [response] = await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "go" }).click()]);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Formular von einer fremden Seite" })).toBeVisible();
});

// The real server (node-server's own Response class): answers the host changes after the API built them — the
// no-store fallback, the security headers — keep those headers for every client, also one that takes no
// compression (the identity body is never rebuilt from the API's first headers).
test("API answers keep no-store and the security headers without compression", async ({ request, baseURL }) => {
  for (const encoding of ["identity", "gzip, br"]) {
    const answers = [
      await request.get("/api/v2/user/data", { headers: { "accept-encoding": encoding } }),
      await request.get("/api/v2/definitions/nothing", { headers: { "accept-encoding": encoding } }),
      await request.post("/oauth/v2/token", {
        headers: { "accept-encoding": encoding, origin: baseURL ?? "" },
        form: { grant_type: "password", username: "demo_client", password: "wrong-password-1" },
      }),
    ];
    for (const answer of answers) {
      const headers = answer.headers();
      expect(headers["cache-control"], `${answer.url()} ${encoding}`).toContain("no-store");
      expect(headers["x-content-type-options"], `${answer.url()} ${encoding}`).toBe("nosniff");
      expect(headers["content-security-policy"], `${answer.url()} ${encoding}`).toBeTruthy();
    }
  }
});
