import { useState } from 'react';

/**
 * Open state and field values for a FormDialog: every opening starts again from `initial()` with the field
 * errors hidden (`showErrors`, set on submit or on a field's blur).
 */
export function useFormDialog<T extends object>(initial: () => T) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  return {
    /** `open` and `onOpenChange` for the FormDialog. */
    dialog: {
      open,
      onOpenChange(next: boolean) {
        setOpen(next);
        if (next) {
          setValues(initial());
          setShowErrors(false);
        }
      },
    },
    close: () => setOpen(false),
    values,
    /** A setter for one field. */
    set:
      <K extends keyof T>(key: K) =>
      (value: T[K]) =>
        setValues((current) => ({ ...current, [key]: value })),
    showErrors,
    setShowErrors,
  };
}
