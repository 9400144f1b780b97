import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../components/toast/toaster';
import { localDb } from '../../../data/db';
import { outboxRowOutcome } from '../../../data/outbox/rowOutcome';
import { updateStrategy } from '../../../data/strategies';
import type { UpdateStrategyInput } from '../../../graphql/generated/graphql';
import { errorText } from '../../../graphql/errors';
import { strategyKeys } from '../queries';
import { strategyWriteVerdict } from '../writeVerdict';
import { errorsByField } from './draft';
import { strategyConfigQuery } from './queries';

/**
 * Saving a configuration: the edit is applied on this device and `updateStrategy` queued in the outbox. Online, the
 * save waits for the server: its field messages keyed where the form shows them (a code update's
 * `code.entry.conditions` at `entry.conditions`), any other refusal as one message for the form. Offline, the edit
 * waits on the device (a toast says so) and "Saved as version N" follows once it reached the server.
 */
export function useSaveStrategy(strategyId: string, onSaved: (version: number) => void) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const landed = async () => {
    const strategy = await localDb().strategies.get(strategyId);
    await queryClient.invalidateQueries({ queryKey: strategyKeys.all });
    if (strategy) onSaved(strategy.version);
  };

  const run = async (input: UpdateStrategyInput) => {
    const db = localDb();
    const before = queryClient.getQueryData(strategyConfigQuery(strategyId).queryKey)?.strategy ?? undefined;
    const { outboxRowId } = await updateStrategy(db, strategyId, input, before);
    const verdict = await strategyWriteVerdict(db, outboxRowId, before);
    if (verdict.kind === 'sent') return landed();
    if (verdict.kind === 'refused') {
      const fields = errorsByField(Object.entries(verdict.fields).map(([field, message]) => ({ field, message })));
      const { '': whole, ...atFields } = fields;
      setServerErrors(atFields);
      if (whole !== undefined || Object.keys(atFields).length === 0) setFormError(whole ?? 'The server refused it.');
      return;
    }
    toast({ title: 'Saved on this device', description: "The change is sent to the server when you're online." });
    setSaving(false);
    // Sent later (or refused: the shell's pending changes and the strategies list show it, with Retry and Discard).
    if ((await outboxRowOutcome(db, outboxRowId)).kind === 'sent') await landed();
  };

  const save = (input: UpdateStrategyInput) => {
    setServerErrors({});
    setFormError(null);
    setSaving(true);
    run(input)
      .catch((error: unknown) => setFormError(errorText(error)))
      .finally(() => setSaving(false));
  };

  return {
    save,
    saving,
    serverErrors,
    formError,
    /** The server's messages are about what was sent: the next change clears them. */
    clearServerErrors: () => {
      setServerErrors({});
      setFormError(null);
    },
  };
}
