import { Button } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { ActionDialog } from './ActionDialog';

interface FormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  /** Label of the submit button. */
  submitLabel: string;
  /** Shows the submit button busy. */
  submitting?: boolean;
  /** Disables the submit button (e.g. while a required field is empty). */
  submitDisabled?: boolean;
  /** Enter in a field or the submit button (the browser's own validation is off: the fields show their errors). */
  onSubmit(): void;
  /** The form's fields. */
  children: ReactNode;
}

/** A dialog holding one form, submitted by its action button or Enter. */
export function FormDialog({
  submitLabel,
  submitting,
  submitDisabled,
  onSubmit,
  children,
  ...dialog
}: FormDialogProps) {
  const formId = useId();
  return (
    <ActionDialog
      {...dialog}
      action={
        <Button type="submit" form={formId} loading={submitting} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </ActionDialog>
  );
}
