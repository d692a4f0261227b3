import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { createApiClient } from "~/api/client.server";
import { fetchOutbox } from "~/api/dev.server";
import * as ui from "~/styles/ui.css";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["dev"], hydrate: false };

/**
 * Dev mailbox (DEV_ROUTES, off in production): what the embedded mailer
 * "sent". QA and the e2e tests read verification and reset links here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const to = new URL(request.url).searchParams.get("to") ?? "";
  const api = createApiClient({ request, context });
  const result = await fetchOutbox(api, { to: to || undefined, limit: 50 });
  if (!result.ok) throw new Response("Not found", { status: 404 });
  return data({ mails: result.data, to }, { headers: PRIVATE_HEADERS });
}

export const meta = () => [{ title: "Dev mailbox" }, { name: "robots", content: "noindex" }];

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} data-mail-link>
            {part}
          </a>
        ) : (
          <span key={index}>{part}</span>
        ),
      )}
    </>
  );
}

export default function DevMailbox() {
  const { mails, to } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium" });
  return (
    <main className={ui.page}>
      <h1>{t("dev_mailbox.title")}</h1>
      <Form method="get" className={ui.row}>
        <label htmlFor="mailbox-to">{t("dev_mailbox.recipient")}</label>
        <input id="mailbox-to" className={ui.input} type="email" name="to" defaultValue={to} />
        <button className={ui.button} type="submit">
          {t("dev_mailbox.filter")}
        </button>
      </Form>
      {mails.length === 0 ? <p>{t("dev_mailbox.empty")}</p> : null}
      <ol className={ui.stack} style={{ listStyle: "none", padding: 0 }}>
        {mails.map((mail) => (
          <li key={mail.id} className={ui.card} data-mail={mail.template} data-recipient={mail.recipient}>
            <h2 style={{ fontSize: "1.1rem" }}>{mail.subject}</h2>
            <p className={ui.muted}>
              {mail.recipient} · {format.format(mail.createdAt)} · {mail.template}
            </p>
            <pre style={{ whiteSpace: "pre-wrap", fontFamily: "inherit" }}>
              <Linkified text={mail.textBody} />
            </pre>
          </li>
        ))}
      </ol>
    </main>
  );
}
