/** The picture of the page: the envelope (default), a success, a warning or an error. */
export type MessageTone = 'mail' | 'success' | 'warning' | 'error';

/**
 * What the page says: from the navigation state (`{title, text, tone?, action?, actionPath?}`) or
 * the query (`?title=&text=`; a link can set only these two).
 */
export interface PageMessage {
  title: string;
  text: string;
  tone?: MessageTone;
  /** The button's text; 'Ir a la página principal' (to the landing page) by default. */
  action?: string;
  /** Where the button goes instead of the landing page: a path of this site. */
  actionPath?: string;
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

const TONES: readonly MessageTone[] = ['mail', 'success', 'warning', 'error'];

/** A path of this site (not `//host`, not a scheme). */
function sitePath(value: unknown): string | undefined {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && value.length <= 300 ? value : undefined;
}

export function readMessage(state: unknown, query: URLSearchParams): PageMessage {
  const fromState = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  const tone = TONES.find((t) => t === fromState.tone);
  const action = clean(fromState.action, 40);
  const actionPath = sitePath(fromState.actionPath);
  return {
    title: clean(fromState.title, MAX_TITLE) ?? clean(query.get('title'), MAX_TITLE) ?? DEFAULT_MESSAGE.title,
    text: clean(fromState.text, MAX_TEXT) ?? clean(query.get('text'), MAX_TEXT) ?? DEFAULT_MESSAGE.text,
    ...(tone ? { tone } : {}),
    ...(action ? { action } : {}),
    ...(actionPath ? { actionPath } : {}),
  };
}
