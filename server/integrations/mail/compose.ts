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
