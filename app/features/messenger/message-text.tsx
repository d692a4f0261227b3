/** A message's text on the conversation page (issue 12): safe links only, the rest as text. */
import { messageParts } from "#server/contract/messenger-basics";

/** The message text: links only to the whitelisted domains (contract MESSENGER_LINK_DOMAINS), the rest as text. */
export function MessageText({ body }: { body: string }) {
  return (
    <>
      {messageParts(body).map((part, i) =>
        part.kind === "link" ? (
          <a key={i} href={part.href} rel="nofollow noopener noreferrer ugc" target="_blank">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
