import { Button, CloseButton, Dialog, Field, Input, Portal } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
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
  const formId = useId();
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
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (details.open) {
          setName(initialName);
          setTouched(false);
        }
      }}
      placement="center"
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id={formId}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void submit();
                }}
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
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button type="submit" form={formId} loading={saving}>
                {submitLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
