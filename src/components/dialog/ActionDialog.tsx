import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { cloneElement, isValidElement, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';

interface ActionDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  /** The dialog's content between the title and the buttons. */
  children: ReactNode;
  /** The confirming button (label, colour, click or form submit, loading and disabled states are the caller's). */
  action: ReactNode;
  /** Label of the button that closes the dialog without acting. */
  cancelLabel?: string;
  /** A confirmation of something destructive: announced as an alert dialog. */
  alert?: boolean;
}

type TriggerElement = ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;

/**
 * A centred dialog with a title, content, a cancel button and one action; the shell every app dialog shares.
 * Until it first opens only its trigger is rendered (a dialog's state machines cost the same whether shown or
 * not, and a table may hold one per row); the first click mounts the dialog open.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { open, onOpenChange, trigger } = props;
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  if (mounted || open || !isValidElement(trigger)) return <MountedActionDialog {...props} />;
  const element = trigger as TriggerElement;
  return cloneElement(element, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    onClick: (event: MouseEvent<HTMLElement>) => {
      element.props.onClick?.(event);
      if (event.defaultPrevented) return;
      setMounted(true);
      onOpenChange(true);
    },
  } as TriggerElement['props']);
}

function MountedActionDialog({
  open,
  onOpenChange,
  trigger,
  title,
  children,
  action,
  cancelLabel = 'Cancel',
  alert = false,
}: ActionDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      role={alert ? 'alertdialog' : 'dialog'}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{cancelLabel}</Button>
              </Dialog.ActionTrigger>
              {action}
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
