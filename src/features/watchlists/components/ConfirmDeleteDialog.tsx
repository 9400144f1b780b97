import { Button, IconButton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { ActionDialog } from '../../../components/dialog/ActionDialog';

interface ConfirmDeleteDialogProps {
  /** What is deleted, e.g. `watchlist "Tech"`. */
  what: string;
  /** Accessible name of the trash button. */
  label: string;
  onConfirm(): Promise<void>;
}

/** A trash button that deletes only after the user confirms. */
export function ConfirmDeleteDialog({ what, label, onConfirm }: ConfirmDeleteDialogProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      alert
      trigger={
        <IconButton aria-label={label} size="xs" variant="ghost" colorPalette="red">
          <LuTrash2 />
        </IconButton>
      }
      title={`Delete ${what}?`}
      action={
        <Button colorPalette="red" onClick={() => void confirm()} loading={busy}>
          Delete
        </Button>
      }
    >
      <Text color="fg.muted">This cannot be undone.</Text>
    </ActionDialog>
  );
}
