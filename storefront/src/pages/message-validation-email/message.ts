/** What the page says: from the navigation state (`{title, text}`) or the query (`?title=&text=`). */
export interface PageMessage {
  title: string;
  text: string;
}

export const DEFAULT_MESSAGE: PageMessage = {
  title: '¡Revisa tu correo electrónico!',
  text: 'Te enviamos un mensaje con las instrucciones para continuar. Si no lo encuentras en tu bandeja de entrada, revisa la carpeta de correo no deseado.',
};

/** Longest title and text taken from a link: a link must not be able to fill the page with text. */
const MAX_TITLE = 120;
const MAX_TEXT = 600;

function clean(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : undefined;
}

export function readMessage(state: unknown, query: URLSearchParams): PageMessage {
  const fromState = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return {
    title: clean(fromState.title, MAX_TITLE) ?? clean(query.get('title'), MAX_TITLE) ?? DEFAULT_MESSAGE.title,
    text: clean(fromState.text, MAX_TEXT) ?? clean(query.get('text'), MAX_TEXT) ?? DEFAULT_MESSAGE.text,
  };
}
