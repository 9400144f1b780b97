import { Alert, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { SegmentedChoice } from '../../../components/form/SegmentedChoice';
import type { TradingMode } from '../../../domain/trading/broker';
import { LIVE_CONFIRMATION_REQUIRED } from '../../../domain/trading/parameters';
import { tradingKeys } from '../../trading/queries';
import { onboardingFailure, saveTradingMode, type OnboardingFailure } from '../onboardingRest';

export const SAVE_MODE_FAILED_TEXT = 'Failed to save trading mode';
export const BROKER_SETUP_HINT = 'Connect a verified live broker account in the first step, then choose Live again.';

const MODES = [
  { value: 'paper', label: 'Paper' },
  { value: 'live', label: 'Live' },
] as const;

const DESCRIPTIONS: Record<TradingMode, string> = {
  paper: 'Trade with simulated money against live market prices. Nothing reaches a real broker.',
  live: 'Orders go to your connected broker and use real money. Your trading parameters limit every order.',
};

interface ModeStepProps {
  mode: TradingMode;
  /** A mode was saved in this setup (shown as such). */
  done: boolean;
  /** This mode is saved: the wizard saves its progress. */
  onDone(mode: TradingMode): Promise<void>;
  previous: ReactNode;
}

/** Step 3, Choose Trading Mode (spec §2, §5 Live mode): paper or live, live only with the risk confirmation. */
export function ModeStep({ mode: savedMode, done, onDone, previous }: ModeStepProps) {
  const [mode, setMode] = useState<TradingMode>(savedMode);
  const [confirmed, setConfirmed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<OnboardingFailure | null>(null);
  const queryClient = useQueryClient();
  const labelId = useId();
  const needsConfirmation = mode === 'live' && !confirmed;

  const save = async () => {
    if (needsConfirmation) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveTradingMode(mode, mode === 'live' && confirmed);
      void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
      await onDone(mode);
    } catch (error) {
      setFailure(onboardingFailure(error, SAVE_MODE_FAILED_TEXT));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="5">
      <Stack gap="1.5">
        <Text id={labelId} textStyle="sm" fontWeight="medium">
          Trading mode
        </Text>
        <SegmentedChoice<TradingMode>
          items={MODES}
          value={mode}
          onChange={(next) => {
            setMode(next);
            setFailure(null);
          }}
          labelledBy={labelId}
          palette={mode === 'live' ? 'red' : 'brand'}
          fullWidth
        />
        <Text textStyle="sm" color="fg.muted">
          {DESCRIPTIONS[mode]}
        </Text>
      </Stack>
      {mode === 'live' ? (
        <Stack gap="1.5" borderWidth="1px" borderColor="border.error" borderRadius="lg" p="4">
          <chakra.label display="flex" gap="3" alignItems="flex-start" cursor="pointer" textStyle="sm">
            <chakra.input
              type="checkbox"
              checked={confirmed}
              onChange={(event) => setConfirmed(event.currentTarget.checked)}
              mt="0.5"
              boxSize="4"
              flexShrink="0"
              css={{ accentColor: 'var(--chakra-colors-red-solid)' }}
            />
            I understand that live trading uses real money and that I can lose some or all of it.
          </chakra.label>
          {needsConfirmation ? (
            <Text textStyle="sm" color="fg.error">
              {LIVE_CONFIRMATION_REQUIRED}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {done && mode === savedMode && !failure ? (
        <Text role="status" textStyle="sm" color="fg.success" fontWeight="medium">
          {savedMode === 'live' ? 'Live trading' : 'Paper trading'} is saved. Complete Setup to start.
        </Text>
      ) : null}
      {failure ? (
        <Alert.Root status="error" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{failure.message}</Alert.Title>
            {failure.requiresBrokerSetup ? <Alert.Description>{BROKER_SETUP_HINT}</Alert.Description> : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        {previous}
        <Button
          colorPalette={mode === 'live' ? 'red' : 'brand'}
          disabled={needsConfirmation}
          loading={saving}
          loadingText="Saving"
          onClick={() => void save()}
        >
          {mode === 'live' ? 'Use live trading' : 'Use paper trading'}
        </Button>
      </HStack>
    </Stack>
  );
}
