import { Stack, Text } from '@chakra-ui/react';
import { LuPalette } from 'react-icons/lu';
import { LabeledSwitch } from '../../components/form/LabeledSwitch';
import { SegmentedChoice, type SegmentedChoiceItem } from '../../components/form/SegmentedChoice';
import { SectionCard } from '../../components/page/SectionCard';
import type { ThemeName } from '../../domain/themeClock';
import { themeStore, useThemeState } from '../../theme/themeStore';

const THEME_ITEMS: readonly SegmentedChoiceItem<ThemeName>[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Automatic theme on/off, and Light/Dark by hand (which turns automatic off). */
export function AppearanceSection() {
  const { mode, theme } = useThemeState();
  return (
    <SectionCard title="Appearance" icon={LuPalette} description="How the app looks on this device.">
      <Stack gap="5">
        <LabeledSwitch
          label="Automatic theme"
          hint="Light from 06:00 to 18:00 local time, dark otherwise."
          checked={mode === 'auto'}
          onChange={(enabled) => themeStore.setAutomatic(enabled)}
        />
        <Stack gap="2">
          <Text id="theme-choice-label" fontWeight="medium" textStyle="sm">
            Theme
          </Text>
          <SegmentedChoice
            items={THEME_ITEMS}
            value={theme}
            onChange={(choice) => themeStore.setTheme(choice)}
            labelledBy="theme-choice-label"
          />
          <Text textStyle="xs" color="fg.muted">
            {mode === 'auto'
              ? 'Following the clock. Choosing a theme turns the automatic theme off.'
              : 'Chosen by hand. Turn the automatic theme on to follow the clock again.'}
          </Text>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
