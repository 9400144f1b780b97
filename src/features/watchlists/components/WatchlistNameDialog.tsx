import { Field, Input } from '@chakra-ui/react';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { useState, type ReactNode } from 'react';
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
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const problem = watchlistNameProblem(name);

  const submit = async () => {
    setTouched(true);
    if (problem) return;
    setSaving(true);
    try {
      await onSubmit(name.trim());
      setOpen(false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setName(initialName);
          setTouched(false);
        }
      }}
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
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched(true)}
          placeholder="e.g. Tech leaders"
          autoComplete="off"
        />
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
