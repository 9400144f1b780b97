import { useChakraContext, type SystemContext, type SystemStyleObject } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import {
  __unsafe_useEmotionCache as useEmotionCache,
  css,
  type CSSObject,
  type SerializedStyles,
} from '@emotion/react';
import { createElement, useInsertionEffect, type ReactNode } from 'react';

/**
 * The styles of a list's repeated rows, for the element that holds them: selectors of the rows' parts (`& .x-row`)
 * with Chakra style props, tokens and recipes of `system` (e.g. `system.getRecipeFn('badge')({ size: 'sm' })`).
 */
export type RowStyles = (system: SystemContext) => SystemStyleObject;

/** The selector of a row part of class names `classes` (by its last, own one) inside the styled element. */
export const partSelector = (classes: string) => `& .${classes.split(' ').at(-1) ?? ''}`;

/** The classes of a value's colour after its sign, by the colour (the market's changeColor): gain, loss, none. */
const SIGN_CLASSES: Readonly<Record<string, string>> = {
  'fg.success': 'row-sign-up',
  'fg.error': 'row-sign-down',
  'fg.muted': 'row-sign-flat',
};

/**
 * The class of a row part of colour `color`, a value's sign colour as the market's changeColor gives it
 * (`signClass(changeColor(value))`); an unknown colour is the neutral one. Styled by signStyles.
 */
export function signClass(color: string): string {
  return SIGN_CLASSES[color] ?? 'row-sign-flat';
}

/** The styles of signClass's classes, for a RowStyles of rows that use them. */
export const signStyles: SystemStyleObject = Object.fromEntries(
  Object.entries(SIGN_CLASSES).map(([color, className]) => [partSelector(className), { color }]),
);

/** Each list's styles resolved and serialised once per system (the resolution of a recipe is the costly part). */
const resolved = new WeakMap<SystemContext, Map<RowStyles, SerializedStyles>>();

function serialized(system: SystemContext, styles: RowStyles): SerializedStyles {
  let bySystem = resolved.get(system);
  if (!bySystem) {
    bySystem = new Map();
    resolved.set(system, bySystem);
  }
  let result = bySystem.get(styles);
  if (!result) {
    // The system's output is plain CSS (properties, variables, selectors), what emotion takes.
    result = css(system.css(styles(system)) as CSSObject);
    bySystem.set(styles, result);
  }
  return result;
}

let ownCache: EmotionCache | undefined;

/**
 * The cache to use where emotion's context has none: where there is no DOM (a server or static render) emotion
 * gives none and its own elements make one per render; this makes one, with emotion's default key, once.
 */
function fallbackCache(): EmotionCache {
  return (ownCache ??= createCache({ key: 'css' }));
}

/** The element holding a list's rows takes `className`; `style` goes before it (null but where there is no DOM). */
export interface RowStylesResult {
  className: string | undefined;
  style: ReactNode;
}

const NONE: RowStylesResult = { className: undefined, style: null };

/**
 * The class of the element that holds a list's repeated rows, carrying `styles` (see RowStyles): the rows are then
 * plain elements with the parts' class names, where a Chakra element per part would resolve its style props and
 * recipe again in every row on every render. The styles are resolved once per system (theme) and inserted once;
 * a render costs a map lookup. The class is not registered with emotion, so a Chakra element given it keeps it as
 * a class of its own instead of merging (and hashing) these styles into its own on every render.
 *
 * Where there is no DOM (a server or static render: no emotion cache, no insertion effects) the rules come back as
 * `style`, a `<style>` element to render before the element, as emotion renders its own elements' there. No
 * `styles`: no class, no style.
 */
export function useRowStyles(styles: RowStyles | undefined): RowStylesResult {
  const system = useChakraContext();
  const cache = useEmotionCache() ?? fallbackCache();
  const rules = styles ? serialized(system, styles) : undefined;
  const className = rules ? `${cache.key}-${rules.name}` : undefined;
  useInsertionEffect(() => {
    if (!rules || cache.inserted[rules.name] !== undefined) return;
    // As emotion's insertStyles, less the registration: the rules, then any keyframes they name (`next`).
    let current: SerializedStyles | undefined = rules;
    do {
      cache.insert(current === rules ? `.${className}` : '', current, cache.sheet, true);
      current = current.next;
    } while (current !== undefined);
  }, [cache, rules, className]);
  if (!rules) return NONE;
  if (typeof document !== 'undefined') return { className, style: null };
  // No DOM: a cache made here compiles the rules to CSS text (it returns them, inserting nothing).
  let text = '';
  for (let current: SerializedStyles | undefined = rules; current !== undefined; current = current.next) {
    text += cache.insert(current === rules ? `.${className}` : '', current, cache.sheet, false) ?? '';
  }
  return {
    className,
    style: createElement('style', {
      'data-emotion': `${cache.key} ${rules.name}`,
      dangerouslySetInnerHTML: { __html: text },
    }),
  };
}
