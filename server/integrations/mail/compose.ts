/**
 * The one mail composer (issue 8 item 3): every module writes its mails as blocks — paragraphs of its own
 * (translated) text, a link, a code — and this turns them into the text and HTML parts alike, escaping
 * everything. Modules keep only their words.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../contract/locales";
import { escapeHtml } from "../../lib/html";
import type { OutgoingMail } from "./mailer";

export type MailBlock = string | { link: string } | { code: string };

/** A module's texts in its language, German when the language is unknown. */
export function textsFor<T>(texts: Record<Language, T>, language: string): T {
  return texts[isLanguage(language) ? language : DEFAULT_LANGUAGE];
}

/** `{name}` placeholders filled; an unknown one stays as it is. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

export function composeMail(input: { to: string; template: string; language: string; subject: string; blocks: MailBlock[] }): OutgoingMail {
  const text = input.blocks.map((block) => (typeof block === "string" ? block : "link" in block ? block.link : block.code)).join("\n\n");
  const html = input.blocks
    .map((block) => {
      if (typeof block === "string") return `<p>${escapeHtml(block)}</p>`;
      if ("link" in block) return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.link)}</a></p>`;
      return `<p style="font-size:1.5em;letter-spacing:.2em"><strong>${escapeHtml(block.code)}</strong></p>`;
    })
    .join("");
  return { to: input.to, subject: input.subject, template: input.template, language: input.language, text: `${text}\n`, html };
}

/** The words of a mail to a member: the subject, the greeting ({username}), the body and a closing line. */
export interface MemberMailTexts {
  subject: string;
  greeting: string;
  body: string;
  tail: string;
}

/** Whom a member mail goes to, and in which language. */
export interface MemberMailInput {
  to: string;
  username: string;
  language: string;
}

/**
 * The usual mail to a member: the greeting, the body, the link when there is one, and the closing line, in the
 * member's language; {username} and the `values` fill the placeholders of every part.
 */
export function memberMail(
  texts: Record<Language, MemberMailTexts>,
  template: string,
  input: MemberMailInput & { link?: string; values?: Record<string, string> },
): OutgoingMail {
  const text = textsFor(texts, input.language);
  const values = { ...input.values, username: input.username };
  return composeMail({
    to: input.to,
    template,
    language: input.language,
    subject: fill(text.subject, values),
    blocks: [fill(text.greeting, values), fill(text.body, values), ...(input.link ? [{ link: input.link }] : []), fill(text.tail, values)],
  });
}
