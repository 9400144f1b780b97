import { Field, Input } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { useFormDialog } from '../../../components/dialog/useFormDialog';
import { watchlistNameProblem } from '../validation';

interface WatchlistNameDialogProps {
  title: string;
  submitLabel: string;
  initialName?: string;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  onSubmit(name: string): Promise<void>;
}

/** Asks for a watchlist name (create or rename); validates inline and closes once the change is saved. */
export function WatchlistNameDialog({
  title,
  submitLabel,
  initialName = '',
  trigger,
  onSubmit,
}: WatchlistNameDialogProps) {
  const form = useFormDialog(() => ({ name: initialName }));
  const { name } = form.values;
  const touched = form.showErrors;
  const [saving, setSaving] = useState(false);
  const problem = watchlistNameProblem(name);

  const submit = async () => {
    form.setShowErrors(true);
    if (problem) return;
    setSaving(true);
    try {
      await onSubmit(name.trim());
      form.close();
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      {...form.dialog}
      trigger={trigger}
      title={title}
      submitLabel={submitLabel}
      submitting={saving}
      onSubmit={() => void submit()}
    >
      <Field.Root invalid={touched && problem !== null}>
        <Field.Label>Name</Field.Label>
        <Input
          value={name}
          onChange={(event) => form.set('name')(event.target.value)}
          onBlur={() => form.setShowErrors(true)}
          placeholder="e.g. Tech leaders"
          autoComplete="off"
        />
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
