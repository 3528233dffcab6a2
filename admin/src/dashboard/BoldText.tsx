import { Fragment } from 'react';

/** `**bold**`, `<b>bold</b>` and `<strong>bold</strong>` in a server's message. */
const BOLD = /\*\*([^*]+)\*\*|<(b|strong)>([\s\S]*?)<\/\2>/gi;

/** A message split into its plain and bold parts (texts only: nothing of the message is read as markup). */
export function boldParts(message: string): { text: string; bold: boolean }[] {
  const parts: { text: string; bold: boolean }[] = [];
  let last = 0;
  for (const match of message.matchAll(BOLD)) {
    if (match.index > last) parts.push({ text: message.slice(last, match.index), bold: false });
    parts.push({ text: match[1] ?? match[3] ?? '', bold: true });
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push({ text: message.slice(last), bold: false });
  // Any other tag is dropped: the rest of the message stays plain text.
  return parts.map((part) => ({ ...part, text: part.text.replace(/<\/?[a-z][^>]*>/gi, '') })).filter((part) => part.text);
}

/** A server's message with its bold parts in bold. */
export const BoldText = ({ message }: { message: string }) => (
  <>
    {boldParts(message).map((part, index) => (
      <Fragment key={index}>{part.bold ? <strong>{part.text}</strong> : part.text}</Fragment>
    ))}
  </>
);
