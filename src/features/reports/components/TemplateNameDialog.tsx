import type { ReactNode } from 'react';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { useFormDialog } from '../../../components/dialog/useFormDialog';
import { TextField } from '../../../components/form/TextField';

/** A template's name: 1–100 characters once trimmed (the server's rule); null when valid. */
export function templateNameError(name: string): string | null {
  const length = name.trim().length;
  if (length === 0) return 'Enter a name.';
  return length > 100 ? 'At most 100 characters.' : null;
}

interface TemplateNameDialogProps {
  /** The button that opens it: "Save as template" or a row's Rename. */
  trigger: ReactNode;
  title: string;
  submitLabel: string;
  initialName: string;
  onSave(name: string): Promise<unknown>;
}

/** Asks for a template's name (saving a new one, or renaming one), then saves it on this device. */
export function TemplateNameDialog({ trigger, title, submitLabel, initialName, onSave }: TemplateNameDialogProps) {
  const form = useFormDialog(() => ({ name: initialName }));
  const error = templateNameError(form.values.name);
  return (
    <FormDialog
      {...form.dialog}
      trigger={trigger}
      title={title}
      submitLabel={submitLabel}
      onSubmit={() => {
        form.setShowErrors(true);
        if (error) return;
        void onSave(form.values.name.trim()).then(form.close);
      }}
    >
      <TextField
        label="Name"
        value={form.values.name}
        onChange={form.set('name')}
        error={form.showErrors ? error : null}
        helper="Saved on this device at once, and on the server when you're online."
      />
    </FormDialog>
  );
}
