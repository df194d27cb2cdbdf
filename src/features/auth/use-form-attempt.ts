// The submit machinery of the accounts forms (sign-in, choose a password): one attempt at a time,
// the checks that need no server first, then the request. A refusal the form can word is a
// problem with what was typed (under the form, naming its fields); anything else is a failure
// (the request named, with a retry). What was typed is the form's state: it stays on every failure.
import { useId, useState, type FormEvent } from 'react';

export interface FormAttempt<Problem> {
  /** What is wrong with what was typed, before anything is sent; null sends. */
  check: () => Problem | null;
  send: () => Promise<void>;
  /** The problem a refusal of `send` means, or null when it is not one the form words. */
  problemOf: (caught: unknown) => Problem | null;
}

export function useFormAttempt<Problem>({ check, send, problemOf }: FormAttempt<Problem>) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const problemId = `${useId()}-problem`;

  async function attempt() {
    if (pending) return;
    setFailure(null);
    const invalid = check();
    if (invalid !== null) return setProblem(invalid);
    setProblem(null);
    setPending(true);
    try {
      await send();
    } catch (caught) {
      const refusal = problemOf(caught);
      if (refusal !== null) setProblem(refusal);
      else setFailure(caught);
    } finally {
      setPending(false);
    }
  }

  return {
    problem,
    failure,
    pending,
    /** The id of the problem's message, for the fields it is about (aria-describedby). */
    problemId,
    submit: (event: FormEvent) => {
      event.preventDefault();
      void attempt();
    },
    retry: () => void attempt(),
  };
}
