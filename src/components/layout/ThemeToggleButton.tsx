import { IconButton } from '@chakra-ui/react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { themeStore, useThemeState } from '../../theme/themeStore';

/** Switches between light and dark by hand (which turns the automatic theme off). */
export function ThemeToggleButton() {
  const { theme } = useThemeState();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <IconButton
      aria-label="Toggle theme"
      title={`Switch to ${next} theme`}
      variant="ghost"
      size="sm"
      onClick={() => themeStore.toggle()}
    >
      {theme === 'dark' ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
