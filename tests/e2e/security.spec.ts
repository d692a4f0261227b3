import { expect, test } from "./fixtures";

/**
 * Issue 9 items 3 and 6 in a real browser: the Content-Security-Policy blocks nothing of ours on hydrated
 * pages (Remix's inline scripts carry the nonce, or on a shared guest page are named by their hashes: issue
 * 33 item 3, ADR 143), and a form posted from a page of another site is refused.
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
      // A private page names its nonce; a public guest page, shared by many, its scripts' hashes (ADR 143).
      expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-|'sha256-/);
      await page.waitForLoadState("networkidle");
    }
    expect(violations).toEqual([]);
  });

  test("a guest page from the micro-cache runs its scripts under its hash policy: hydrated, no violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => console.error(`Content Security Policy: ${event.violatedDirective}`));
    });
    const path = "/de/escorts";
    // The first guest request renders the page into the micro-cache; the browser's is then a hit.
    expect((await page.request.get(path)).status()).toBe(200);
    const response = await page.goto(path);
    const headers = response?.headers() ?? {};
    expect(headers["x-micro-cache"]).toBe("hit");
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect(headers["content-security-policy"]).not.toMatch(/'nonce-/);
    // Remix's inline module script ran and hydrated the page.
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.waitForLoadState("networkidle");
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

test.describe("the demo's dev mailbox in a browser that does not send the test run's key", () => {
  test.use({ extraHTTPHeaders: {} });

  test("404 without the key; the printed link sets the cookie and the next clicks work (issue 23 item 7a)", async ({ page }) => {
    const key = test.info().project.use.extraHTTPHeaders?.["x-dev-key"];
    expect(key, "playwright.config.ts gives the e2e servers their DEV_ROUTES_KEY").toBeTruthy();
    // The e2e server is a demo on a loopback address, as a reverse proxy on the same machine would be.
    expect((await page.goto("/de/dev/mailbox"))?.status()).toBe(404);
    expect((await page.goto(`/de/dev/mailbox?key=${key}0`))?.status()).toBe(404);

    const opened = await page.goto(`/de/dev/mailbox?key=${key}`);
    expect(opened?.status()).toBe(200);
    expect(new URL(page.url()).search, "the key leaves the address bar").toBe("");
    await expect(page.getByRole("heading", { name: "Entwickler-Postfach" })).toBeVisible();
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === "dev_key");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });

    // The filter form (a plain GET form, JavaScript off) is the next click.
    await page.getByLabel("Empfänger").fill("nobody@example.test");
    await page.getByRole("button", { name: "Filtern" }).click();
    await expect(page).toHaveURL(/\/de\/dev\/mailbox\?to=nobody%40example\.test$/);
    await expect(page.getByText("Noch keine E-Mails.")).toBeVisible();
  });
});
