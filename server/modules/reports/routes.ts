import { ok } from "../../api/router";
import { contentRemovalRequestSchema } from "../../contract/content-removal";
import type { ModuleContext } from "../../api/module-context";
import { fileContentRemovalRequest } from "./service";

export function registerReports({ v2 }: ModuleContext): void {
  v2.add(
    {
      method: "post",
      path: "/reports/content-removal",
      summary:
        "File a content removal request (no login needed). Answers 202 with the reference and mails a confirmation to the requester; 429 after 5 requests per hour from one address.",
      tag: "reports",
      auth: "optional",
      body: contentRemovalRequestSchema,
      statuses: [202, 429],
    },
    async (c, { body, user }) => {
      const filed = await fileContentRemovalRequest(c.get("deps"), body, {
        clientIp: c.get("clientIp"),
        language: c.get("lang"),
        userId: user?.id ?? null,
      });
      return ok(c, filed, { status: 202 });
    },
  );
}
