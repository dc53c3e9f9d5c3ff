import type { QueryClient } from '@tanstack/react-query';
import { TEXT } from '@shared/constants';
import { retryFields, type RetryField } from '@shared/rules/refusals';
import type { StoredCommand } from './db';
import { deviceDb } from './device-db';
import { handlerOf, outboxCode, readOutbox, requestDrain, settleInCaches } from './outbox-client';
import { retryNow } from './outbox-store';

/**
 * What the user does about queued edits that need them (issue 12): keep mine, take theirs,
 * re-create, discard, retry now. Loaded with the conflict dialog and the sync panel, not the shell.
 */

/** What the conflict dialog compares a command's change with: the part of the server's copy it touched. */
export function comparableCopy(command: StoredCommand): unknown {
  return handlerOf(command.entity)?.comparable?.(command, command.serverCopy) ?? command.serverCopy;
}

/** Whether the entity's feature can make a deleted item again from these edits (the dialog offers it only then). */
export function canRecreate(edits: readonly StoredCommand[]): boolean {
  const first = edits[0];
  return first !== undefined && (handlerOf(first.entity)?.recreate?.(edits) ?? null) !== null;
}

/** "Keep mine": send the change again over the server's version. */
export async function keepMyChange(id: string): Promise<void> {
  await (await outboxCode()).keepMine(await deviceDb(), id);
  await readOutbox();
  void requestDrain();
}

/**
 * "Take theirs": theirs for the fields both changed; the rest of my change goes again (issue 27),
 * or, when nothing of it is left, it is dropped with what depends on it. The server's copy shows.
 */
export async function takeTheirChange(queryClient: QueryClient, id: string): Promise<void> {
  const db = await deviceDb();
  const command = await db.outbox.get(id);
  await (await outboxCode()).takeTheirs(db, id);
  if (command?.serverCopy) settleInCaches(queryClient, command, command.serverCopy);
  // Deleted by someone else: the caches learn it from the server.
  else if (command) for (const key of handlerOf(command.entity)?.queryKeys(command) ?? []) void queryClient.invalidateQueries({ queryKey: key });
  await readOutbox();
  void requestDrain();
}

/** Drops a refused command and what depends on it (listed to the user first: `dependentEdits`). */
export async function discardCommand(id: string): Promise<void> {
  await (await outboxCode()).discardWithDependents(await deviceDb(), id);
  await readOutbox();
  void requestDrain();
}

/** The edits that go with `id` when it is dropped, oldest first. */
export async function dependentEdits(id: string): Promise<StoredCommand[]> {
  return (await outboxCode()).dependentsOf(await deviceDb(), id);
}

/** "Re-create it": what someone else deleted is made again with my edits, in their place in the queue. */
export async function recreateGone(id: string): Promise<void> {
  const db = await deviceDb();
  const command = await db.outbox.get(id);
  if (!command) return;
  const code = await outboxCode();
  const edits = [command, ...(await code.dependentsOf(db, id)).filter((c) => c.item === command.item)];
  const input = handlerOf(command.entity)?.recreate?.(edits);
  if (!input) return;
  await code.replaceWith(db, edits.map((c) => c.id), input);
  await readOutbox();
  void requestDrain();
}

/** What "Edit and retry" offers to change in a refused command: its handler's choice, else the texts and figures of its body. */
export function retryFieldsOf(command: StoredCommand): RetryField[] {
  return handlerOf(command.entity)?.retryFields?.(command) ?? retryFields(command.body);
}

/** The way out of a refusal besides Discard: "Edit and retry" when it carries what the user typed, else "Send again". */
export const retryAction = (command: StoredCommand): string => (retryFieldsOf(command).length > 0 ? TEXT.editAndRetry : TEXT.sendAgain);

/** "Edit and retry": a refused edit goes again with what the user changed (issue 27). */
export async function sendEditedAgain(id: string, body: unknown): Promise<void> {
  await (await outboxCode()).sendAgain(await deviceDb(), id, body);
  await readOutbox();
  void requestDrain();
}

/** "Retry now": every command waiting to be tried again goes at once (and the server is asked at once if it is being watched). */
export async function retryAll(): Promise<void> {
  const { probeServerNow, watchingServer } = await import('./server-watch');
  if (watchingServer()) probeServerNow();
  await retryNow(await deviceDb());
  await requestDrain();
}
