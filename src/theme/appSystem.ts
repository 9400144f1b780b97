import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { recipes, slotRecipes } from './recipes';

/**
 * Chakra's default theme (`defaultConfig` is `defaultBaseConfig` plus this) with only the recipes the app uses
 * (./recipes.ts) instead of all of them.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/**
 * The app's Chakra theme: cool slate-gray surfaces, an emerald accent (`brand`), and `gain`/`loss`
 * colours for price moves. Light and dark values follow the `dark` class on <html>.
 */
const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { bg: 'bg', color: 'fg' },
    '#root': { minHeight: '100dvh' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: `system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif` },
        body: { value: `system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif` },
      },
      colors: {
        gray: {
          50: { value: '#f9fafb' },
          100: { value: '#f3f4f6' },
          200: { value: '#e5e7eb' },
          300: { value: '#d1d5db' },
          400: { value: '#9ca3af' },
          500: { value: '#6b7280' },
          600: { value: '#4b5563' },
          700: { value: '#374151' },
          800: { value: '#1f2937' },
          900: { value: '#111827' },
          950: { value: '#0b1120' },
        },
        brand: {
          50: { value: '#ecfdf5' },
          100: { value: '#d1fae5' },
          200: { value: '#a7f3d0' },
          300: { value: '#6ee7b7' },
          400: { value: '#34d399' },
          500: { value: '#10b981' },
          600: { value: '#059669' },
          700: { value: '#047857' },
          800: { value: '#065f46' },
          900: { value: '#064e3b' },
          950: { value: '#022c22' },
        },
      },
    },
    semanticTokens: {
      colors: {
        bg: {
          DEFAULT: { value: { _light: '{colors.gray.50}', _dark: '{colors.gray.900}' } },
          panel: { value: { _light: '{colors.white}', _dark: '{colors.gray.800}' } },
          subtle: { value: { _light: '{colors.gray.50}', _dark: '#172033' } },
          muted: { value: { _light: '{colors.gray.100}', _dark: '#263244' } },
          emphasized: { value: { _light: '{colors.gray.200}', _dark: '{colors.gray.700}' } },
        },
        border: {
          DEFAULT: { value: { _light: '{colors.gray.200}', _dark: '#2d3a4d' } },
          muted: { value: { _light: '{colors.gray.100}', _dark: '{colors.gray.800}' } },
          emphasized: { value: { _light: '{colors.gray.300}', _dark: '{colors.gray.600}' } },
        },
        // Text colours meet WCAG AA (4.5:1) on every surface above: Chakra's subtle grey, success green and
        // error red are lighter than that, and its green/brand solids are too light under white text.
        fg: {
          muted: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } },
          subtle: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
        },
        green: {
          solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } },
        },
        brand: {
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.500}' } },
          contrast: { value: { _light: '{colors.white}', _dark: '{colors.gray.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: 'rgba(16, 185, 129, 0.12)' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
          border: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
        gain: { value: { _light: '{colors.green.700}', _dark: '{colors.green.400}' } },
        loss: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
      },
    },
  },
});

/**
 * Creates the app's Chakra system. A function, not a module-level constant: creating it is one of the longest
 * pieces of a page load (Chakra builds every token's dictionary entry), so the entry (src/main.tsx) does it in
 * steps of its own (createAppSystemInSteps) instead of while its modules evaluate.
 */
export function createAppSystem(): SystemContext {
  return createSystem(defaultBaseConfig, chakraTheme, config);
}

/** createSystem as the browser build has it: `steps` does the same work, pausing between phases (vite.config.ts). */
type CreateSystemWithSteps = typeof createSystem & {
  steps?: (...configs: Parameters<typeof createSystem>) => Generator<void, SystemContext>;
};

/**
 * createAppSystem in steps: each `next()` does one phase of Chakra's createSystem (merging the configs, building
 * the token dictionary phase by phase, the utilities, the rest), so a caller can run each in a task of its own.
 * Where Chakra has no steps (the dev server, tests), the whole system is created in the first step.
 */
export function* createAppSystemInSteps(): Generator<void, SystemContext> {
  const steps = (createSystem as CreateSystemWithSteps).steps;
  if (steps) return yield* steps(defaultBaseConfig, chakraTheme, config);
  return createAppSystem();
}
