import { useState } from 'react';
import type { UpdateStrategyInput } from '../../../graphql/generated/graphql';
import { errorText } from '../../../graphql/errors';
import { serverFieldErrors } from '../fieldErrors';
import { useUpdateStrategy } from '../mutations';
import { errorsByField } from './draft';

/**
 * Saving a configuration: `updateStrategy`, the server's field messages keyed where the form shows them (a code
 * update's `code.entry.conditions` at `entry.conditions`), any other refusal as one message for the form.
 */
export function useSaveStrategy(strategyId: string, onSaved: (version: number) => void) {
  const update = useUpdateStrategy();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const save = (input: UpdateStrategyInput) => {
    setServerErrors({});
    setFormError(null);
    update.mutate(
      { id: strategyId, input },
      {
        onSuccess: (strategy) => onSaved(strategy.version),
        onError: (error) => {
          const fields = errorsByField(
            Object.entries(serverFieldErrors(error)).map(([field, message]) => ({ field, message })),
          );
          const { '': whole, ...atFields } = fields;
          setServerErrors(atFields);
          if (whole !== undefined || Object.keys(atFields).length === 0) setFormError(whole ?? errorText(error));
        },
      },
    );
  };

  return {
    save,
    saving: update.isPending,
    serverErrors,
    formError,
    /** The server's messages are about what was sent: the next change clears them. */
    clearServerErrors: () => {
      setServerErrors({});
      setFormError(null);
    },
  };
}
