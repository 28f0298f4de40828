/**
 * The one save shape of forms and dialogs (issue 16): the write runs as a react-query mutation, `saving` is true while
 * it is out, a refused write has already been shown by the request client (api/request.ts) and ends there; a done
 * write says so, refreshes what it changed, then hands its answer on (close the dialog, leave the page).
 */
import { useCallback, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useFeedback } from './feedback';

export interface SaveSteps<V, R> {
  /** the success message, or a function of the answer (a `{ warning }` when saved with a reservation); none when empty */
  success?: string | ((saved: R, input: V) => string | { warning: string });
  /** refetch or signal what the write changed (awaited before `then`) */
  refresh?: (saved: R, input: V) => unknown;
  /** what follows a save: close, navigate */
  then?: (saved: R, input: V) => void;
}

export function useSave<V, R>(write: (input: V) => Promise<R>, steps: SaveSteps<V, R> = {}) {
  const { message } = useFeedback();
  const mutation = useMutation({ mutationFn: write });
  // the latest steps without re-creating `save` on every render
  const latest = useRef(steps);
  latest.current = steps;
  const { mutateAsync } = mutation;
  const save = useCallback(async (input: V): Promise<R | undefined> => {
    let saved: R;
    try {
      saved = await mutateAsync(input);
    } catch {
      return undefined; // shown by the request client
    }
    const s = latest.current;
    const said = typeof s.success === 'function' ? s.success(saved, input) : s.success;
    if (typeof said === 'object') message.warning(said.warning);
    else if (said) message.success(said);
    await s.refresh?.(saved, input);
    s.then?.(saved, input);
    return saved;
  }, [mutateAsync, message]);
  return { save, saving: mutation.isPending };
}
