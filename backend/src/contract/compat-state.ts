import type { components } from '@licencias/common/schema';
import type { AuthUser } from '../auth/auth-user.js';
import { envelope } from './envelope.js';

type CompatStatus = components['schemas']['CompatStatus'];

/** `Status` of the old register and change-state calls: 0 or true is active, 1 or false inactive. */
export function idstateOf(status: CompatStatus | undefined): 0 | 1 | undefined {
  if (status === undefined) return undefined;
  return status === 0 || status === true ? 0 : 1;
}

/** The texts of the old change-state calls, by the state reached (0 activated, 1 inactivated). */
export function stateMessages(activated: string, inactivated: string) {
  return { 0: activated, 1: inactivated } as const;
}

/** What the old register and change-state calls need of a catalogue service. */
interface CompatWritable<I, R> {
  create(input: I, actor: AuthUser): Promise<R>;
  update(id: number, input: I & { version?: number }, actor: AuthUser): Promise<R>;
  setState(id: number, idstate: 0 | 1, actor: AuthUser): Promise<R>;
}

/**
 * The old register call over the resource rules: creates when `id` is absent or 0, else edits the
 * record as read at `version`; answers the record in the envelope with `message`.
 */
export async function registerRecord<I, R>(
  service: CompatWritable<I, R>,
  { id, version }: { id?: number | null; version?: number },
  input: I,
  actor: AuthUser,
  message: string,
) {
  const saved = id ? await service.update(id, { ...input, version }, actor) : await service.create(input, actor);
  return envelope(saved, message);
}

/** The old change-state call: `Status` 0 or true activates (also when absent), anything else inactivates. */
export async function changeRecordState<R>(
  service: CompatWritable<never, R>,
  body: { Id: number; Status?: CompatStatus },
  actor: AuthUser,
  messages: { 0: string; 1: string },
) {
  const idstate = idstateOf(body.Status) ?? 0;
  return envelope(await service.setState(body.Id, idstate, actor), messages[idstate]);
}
