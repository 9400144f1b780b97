import { Stack, Switch, Text } from '@chakra-ui/react';
import { useId } from 'react';

interface LabeledSwitchProps {
  label: string;
  hint?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}

/** A switch with its label on the left and the control on the right, and an optional hint below. */
export function LabeledSwitch({ label, hint, checked, onChange, disabled }: LabeledSwitchProps) {
  const hintId = useId();
  return (
    <Stack gap="0" width="full">
      <Switch.Root
        checked={checked}
        onCheckedChange={(details) => onChange(details.checked)}
        disabled={disabled}
        colorPalette="brand"
        display="flex"
        justifyContent="space-between"
        alignItems="center"
        gap="4"
        width="full"
        py="1"
      >
        <Switch.HiddenInput role="switch" aria-describedby={hint ? hintId : undefined} />
        <Switch.Label fontWeight="medium" flex="1" minW="0">
          {label}
        </Switch.Label>
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
      </Switch.Root>
      {hint ? (
        <Text id={hintId} textStyle="xs" color="fg.muted" pe="14">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}
