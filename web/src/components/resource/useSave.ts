/**
 * The one save shape of forms and dialogs: the write runs as a react-query mutation, `saving` is true while
 * it is out and until what follows it is done (refresh, then), a refused write has already been shown by the request
 * client (api/request.ts) and ends there (or in `failed`, for a form that shows the server's reasons itself); a done
 * write says so, refreshes what it changed, then hands its answer on (close the dialog, leave the page).
 */
import { useCallback, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useFeedback } from './feedback';

export interface SaveSteps<V, R> {
  /** the success message, or a function of the answer (a `{ warning }` when saved with a reservation); none when empty */
  success?: string | ((saved: R, input: V) => string | { warning: string });
  /** refetch or signal what the write changed (awaited before `then`) */
  refresh?: (saved: R, input: V) => unknown;
  /** what follows a save: close, navigate (awaited when it returns a promise: `saving` lasts until it is done) */
  then?: (saved: R, input: V) => unknown;
  /** a refused write, after the request client has shown it: e.g. list the check results the refusal carries */
  failed?: (error: unknown, input: V) => void;
}

export function useSave<V, R>(write: (input: V) => Promise<R>, steps: SaveSteps<V, R> = {}) {
  const { message } = useFeedback();
  const mutation = useMutation({ mutationFn: write });
  const [settling, setSettling] = useState(false);
  // the latest steps without re-creating `save` on every render
  const latest = useRef(steps);
  latest.current = steps;
  const { mutateAsync } = mutation;
  const save = useCallback(async (input: V): Promise<R | undefined> => {
    let saved: R;
    try {
      saved = await mutateAsync(input);
    } catch (e) {
      latest.current.failed?.(e, input);
      return undefined; // shown by the request client
    }
    setSettling(true);
    try {
      const s = latest.current;
      const said = typeof s.success === 'function' ? s.success(saved, input) : s.success;
      if (typeof said === 'object') message.warning(said.warning);
      else if (said) message.success(said);
      await s.refresh?.(saved, input);
      await s.then?.(saved, input);
    } finally {
      setSettling(false);
    }
    return saved;
  }, [mutateAsync, message]);
  const saving = mutation.isPending || settling;
  /** `pending`: the input of the save under way (which of a page's buttons is saving) */
  return { save, saving, pending: saving ? mutation.variables : undefined };
}
