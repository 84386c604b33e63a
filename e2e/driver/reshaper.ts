/**
 * Answers in another shape: an outcome the sandbox never answers in the shape the machine's
 * fixture has (a balance list without REAL, a report that is not a list, an address list without
 * `addresses`...) is the sandbox's real answer reshaped before it leaves the sandbox
 * (`answerNextInShape`), so the data stays the bank's. The rewrite happens in the worker's sandbox
 * (bank-calls.ts), for the page's calls only, whether the call gate held them or not.
 */
import type { Page } from '@playwright/test';
import { watchCalls, type Answer, type CallWatcher } from './bank-calls';
import { checkOperation, type OperationId } from './operations';
import { perPage } from './per-page';

export type { Answer } from './bank-calls';

/**
 * Turns the sandbox's real answer into the shape an outcome stands for. It receives a copy; it
 * throws when the real answer is not the one it expects to reshape (the path then fails saying so).
 */
export type Reshape = (real: Answer) => Answer;

/** How a rewrite is armed. */
export interface ReshapeOptions {
  /**
   * The sandbox may already answer in the shape (an empty list when nothing matches the page's
   * filter): the real answer is then served as it is. Without it, a rewrite that changes nothing
   * fails, since the outcome was not provoked.
   */
  mayAlreadyBeInShape?: boolean;
}

interface Rewrite extends ReshapeOptions {
  op: string;
  reshape: Reshape;
  served: boolean;
  failure?: string;
}

/** The armed rewrites of a page: the oldest waiting for an operation reshapes its next answer. */
class Reshaper implements CallWatcher {
  private readonly rewrites: Rewrite[] = [];

  arm(op: string, reshape: Reshape, options: ReshapeOptions = {}): void {
    checkOperation(op);
    watchCalls(this);
    this.rewrites.push({ op, reshape, served: false, ...options });
  }

  answering(operationId: string, real: Answer): Answer | undefined {
    const rewrite = this.rewrites.find((r) => !r.served && r.op === operationId);
    if (!rewrite) return undefined;
    rewrite.served = true;
    try {
      const shaped = rewrite.reshape(structuredClone(real));
      if (!rewrite.mayAlreadyBeInShape && JSON.stringify(shaped) === JSON.stringify(real))
        throw new Error(`a reescrita não mudou a resposta do sandbox (${real.status})`);
      return shaped;
    } catch (e) {
      // The page gets the real answer; the check of the outcome's state fails with why.
      rewrite.failure = e instanceof Error ? e.message : String(e);
      return undefined;
    }
  }

  /** Fails if a rewrite (of `op`, or any) was armed and not served, or could not reshape its answer. */
  check(op?: string): void {
    for (const r of this.rewrites) {
      if (op !== undefined && r.op !== op) continue;
      if (!r.served)
        throw new Error(
          `a resposta de '${r.op}' devia chegar reescrita, mas nenhuma chamada sua foi respondida (não partiu da página)`,
        );
      if (r.failure) throw new Error(`a resposta de '${r.op}' não foi reescrita: ${r.failure}`);
    }
  }
}

const reshaper = perPage(() => new Reshaper());

/**
 * The next call of `op` (an operationId of the contract) reaches the sandbox and the page gets its real answer in the
 * shape `reshape` gives it. One-shot; a call the gate holds is reshaped once it is let go and answered.
 * The state the outcome leads to calls `expectAnsweredInShape` (so does the end of every path).
 */
export const answerNextInShape = (
  page: Page,
  op: OperationId,
  reshape: Reshape,
  options?: ReshapeOptions,
): Promise<void> => {
  reshaper(page).arm(op, reshape, options);
  return Promise.resolve();
};

/** Fails if a rewrite (of `op`, or any) was armed but not served, or did not reshape its answer. */
export function expectAnsweredInShape(page: Page, op?: OperationId): void {
  reshaper(page).check(op);
}
