import type { TCodeCheck } from '@clubtix/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCheckCode } from '../api';
import { codeErrorText } from '../discount-code';

/**
 * The code applied at the ticket selection: checked with the server first (GET /discount/checkCode),
 * so a refusal is shown on the field before anything is held. `initial` (a `?code=` link) is applied
 * on arrival. `onChange` (stable, as from useCallback) hears the applied code (null once removed), to
 * keep the address in step.
 */
export function useAppliedCode(eventId: string, initial: string | null, onChange: (code: string | null) => void) {
  const checkCode = useCheckCode();
  const { mutate } = checkCode;
  const [check, setCheck] = useState<TCodeCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const arrived = useRef(false);

  const apply = useCallback(
    (code: string) => {
      setError(null);
      mutate(
        { eventId, code },
        {
          onSuccess: (answer) => {
            setCheck(answer);
            onChange(answer.code);
          },
          onError: (failure) => {
            setCheck(null);
            setError(codeErrorText(failure));
          },
        },
      );
    },
    [eventId, mutate, onChange],
  );

  useEffect(() => {
    // Once, on arrival (React runs effects twice in development).
    if (!initial || arrived.current) return;
    arrived.current = true;
    apply(initial);
  }, [initial, apply]);

  return {
    check,
    error,
    pending: checkCode.isPending,
    apply,
    remove: () => {
      setCheck(null);
      setError(null);
      onChange(null);
    },
    clearError: () => setError(null),
    /** The server refused the applied code when holding (used up meanwhile): it is taken off, and why is said. */
    refuse: (message: string) => {
      setCheck(null);
      setError(message);
      onChange(null);
    },
  };
}
