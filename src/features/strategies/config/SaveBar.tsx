import { Button, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuSave } from 'react-icons/lu';

interface SaveBarProps {
  onSave(): void;
  saving: boolean;
  /** The version the last save gave, shown as "Saved as version N". */
  savedVersion: number | null;
  formError: string | null;
  /** Other actions at the left (switch to custom rules). */
  children?: ReactNode;
}

/** The form's Save button with the outcome of the last save. */
export function SaveBar({ onSave, saving, savedVersion, formError, children }: SaveBarProps) {
  return (
    <Flex gap="3" align="center" wrap="wrap" justify="space-between">
      <Flex gap="3" align="center" wrap="wrap">
        <Button colorPalette="brand" onClick={onSave} loading={saving}>
          <LuSave /> Save
        </Button>
        {formError ? (
          <Text role="alert" textStyle="sm" color="fg.error">
            {formError}
          </Text>
        ) : savedVersion !== null ? (
          <Text role="status" textStyle="sm" color="fg.success" data-testid="saved-version">
            Saved as version {savedVersion}
          </Text>
        ) : null}
      </Flex>
      {children}
    </Flex>
  );
}
