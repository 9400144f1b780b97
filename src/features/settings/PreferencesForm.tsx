import { Button, Field, Fieldset, HStack, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuSave } from 'react-icons/lu';
import { LabeledSwitch } from '../../components/form/LabeledSwitch';
import { toast } from '../../components/toast/toaster';
import { normalizeTimeframe, TIMEFRAMES } from '../../domain/timeframes';
import { errorText } from '../../graphql/errors';
import type { MeQuery } from '../../graphql/generated/graphql';
import { useUpdatePreferences } from '../user/mutations';
import {
  formValuesFromPreferences,
  NOTIFICATION_LABELS,
  preferencesInputFromForm,
  sameFormValues,
  TIMEFRAME_LABELS,
  TRADING_HOURS_LABELS,
  type PreferencesFormValues,
} from './preferencesForm';

const NOTIFICATION_KEYS = Object.keys(NOTIFICATION_LABELS) as (keyof PreferencesFormValues['notifications'])[];
const TRADING_HOURS_KEYS = Object.keys(TRADING_HOURS_LABELS) as (keyof PreferencesFormValues['tradingHours'])[];

/** The preferences of `me`, saved with updatePreferences ('Preferences Updated' / 'Update Failed'). */
export function PreferencesForm({ preferences }: { preferences: MeQuery['me']['preferences'] }) {
  const [saved, setSaved] = useState(() => formValuesFromPreferences(preferences));
  const [values, setValues] = useState(saved);
  const mutation = useUpdatePreferences();
  const dirty = !sameFormValues(values, saved);

  const save = () =>
    mutation.mutate(preferencesInputFromForm(values), {
      onSuccess: ({ updatePreferences }) => {
        const next = formValuesFromPreferences(updatePreferences.preferences);
        setSaved(next);
        setValues(next);
        toast({ title: 'Preferences Updated', description: 'Your preferences have been saved.' });
      },
      onError: (error) => toast({ title: 'Update Failed', description: errorText(error), variant: 'destructive' }),
    });

  return (
    <Stack
      as="form"
      gap="6"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root>
          <Field.Label>Default timeframe</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.defaultTimeframe}
              onChange={(event) => {
                const timeframe = normalizeTimeframe(event.currentTarget.value);
                if (timeframe) setValues({ ...values, defaultTimeframe: timeframe });
              }}
            >
              {TIMEFRAMES.map((timeframe) => (
                <option key={timeframe} value={timeframe}>
                  {TIMEFRAME_LABELS[timeframe]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>Used by charts when they open.</Field.HelperText>
        </Field.Root>
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '6', md: '8' }}>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold" mb="1">
            Notifications
          </Fieldset.Legend>
          <Fieldset.Content gap="1">
            {NOTIFICATION_KEYS.map((key) => (
              <LabeledSwitch
                key={key}
                label={NOTIFICATION_LABELS[key]}
                checked={values.notifications[key]}
                onChange={(checked) =>
                  setValues({ ...values, notifications: { ...values.notifications, [key]: checked } })
                }
              />
            ))}
          </Fieldset.Content>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold" mb="1">
            Trading hours
          </Fieldset.Legend>
          <Fieldset.Content gap="1">
            {TRADING_HOURS_KEYS.map((key) => (
              <LabeledSwitch
                key={key}
                label={TRADING_HOURS_LABELS[key]}
                checked={values.tradingHours[key]}
                onChange={(checked) =>
                  setValues({ ...values, tradingHours: { ...values.tradingHours, [key]: checked } })
                }
              />
            ))}
          </Fieldset.Content>
        </Fieldset.Root>
      </SimpleGrid>

      <HStack justify="flex-end" gap="3">
        <Button variant="ghost" disabled={!dirty || mutation.isPending} onClick={() => setValues(saved)}>
          Discard changes
        </Button>
        <Button type="submit" colorPalette="brand" disabled={!dirty} loading={mutation.isPending} loadingText="Saving">
          <LuSave />
          Save preferences
        </Button>
      </HStack>
    </Stack>
  );
}
