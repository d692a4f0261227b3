/** The dev mailbox: a recipient filter and the mails, their links clickable (the e2e tests follow them). */
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as ui from "~/styles/ui.css";
import type { loadDevMailbox } from "./mailbox.server";

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

export function DevMailboxPage() {
  const { mails, to } = useLoaderData<typeof loadDevMailbox>();
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
            <p className={ui.muted} style={{ overflowWrap: "anywhere" }}>
              {mail.recipient} · {format.format(mail.createdAt)} · {mail.template}
            </p>
            {/* A link is one long word: it breaks anywhere, or the page scrolls sideways on a phone (issue 25). */}
            <pre style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontFamily: "inherit" }}>
              <Linkified text={mail.textBody} />
            </pre>
          </li>
        ))}
      </ol>
    </main>
  );
}
