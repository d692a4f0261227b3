/**
 * Work that must wait until a transaction committed: a realtime publish (the header's dollar balance) announced from
 * inside another module's transaction must never announce what may still roll back. A module that runs the
 * transaction starts it with `transactionWithAfterCommit`; code inside it (a goods handler's delivery) registers with
 * `afterCommit(trx, work)`. Where nobody started the transaction that way the work is dropped (`false`): the next page
 * load shows the state all the same.
 */
import type { Transaction } from "kysely";
import type { DB } from "./index";
import type { Database } from "./schema";

type AfterCommitWork = () => Promise<void>;

const queues = new WeakMap<Transaction<Database>, AfterCommitWork[]>();

/** Runs `work` after `trx` commits, when its runner watches for that; answers whether it will run. */
export function afterCommit(trx: Transaction<Database>, work: AfterCommitWork): boolean {
  const queue = queues.get(trx);
  if (!queue) return false;
  queue.push(work);
  return true;
}

/**
 * One transaction whose registered after-commit work runs once it committed, in order; a rollback drops it. The work
 * must not throw (it runs after the answer is decided): a failure is handed to `onError`.
 */
export async function transactionWithAfterCommit<T>(
  db: DB,
  work: (trx: Transaction<Database>) => Promise<T>,
  onError: (error: unknown) => void,
): Promise<T> {
  const queue: AfterCommitWork[] = [];
  const result = await db.transaction().execute((trx) => {
    queues.set(trx, queue);
    return work(trx);
  });
  for (const job of queue) await job().catch(onError);
  return result;
}
