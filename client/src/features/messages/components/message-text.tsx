import { Fragment } from 'react';

/** A web address in running text: http(s)://… up to the next space. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Sentence punctuation right after an address belongs to the sentence, not the address. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]'"]+$/;

export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * Splits a message into plain text and web addresses. Only http and https addresses that parse as
 * URLs become links, so a `javascript:` or `data:` address stays inert text.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let candidate = match[0];
    const trailing = TRAILING_PUNCTUATION.exec(candidate)?.[0] ?? '';
    candidate = candidate.slice(0, candidate.length - trailing.length);
    const href = safeHref(candidate);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A message's words as text, never as markup: React escapes every character, and addresses open in
 * a new tab without telling the site where the reader came from.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-all underline underline-offset-2"
          >
            {part.text}
          </a>
        ),
      )}
    </>
  );
}
