import { useChakraContext, type SystemContext, type SystemStyleObject } from '@chakra-ui/react';
import {
  __unsafe_useEmotionCache as useEmotionCache,
  css,
  type CSSObject,
  type SerializedStyles,
} from '@emotion/react';
import { useInsertionEffect } from 'react';

/**
 * The styles of a list's repeated rows, for the element that holds them: selectors of the rows' parts (`& .x-row`)
 * with Chakra style props, tokens and recipes of `system` (e.g. `system.getRecipeFn('badge')({ size: 'sm' })`).
 */
export type RowStyles = (system: SystemContext) => SystemStyleObject;

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

/**
 * The class of the element that holds a list's repeated rows, carrying `styles` (see RowStyles): the rows are then
 * plain elements with the parts' class names, where a Chakra element per part would resolve its style props and
 * recipe again in every row on every render. The styles are resolved once per system (theme) and inserted once;
 * a render costs a map lookup. The class is not registered with emotion, so a Chakra element given it keeps it as
 * a class of its own instead of merging (and hashing) these styles into its own on every render.
 */
export function useRowStylesClass(styles: RowStyles): string {
  const system = useChakraContext();
  const cache = useEmotionCache();
  // Emotion's default cache exists wherever there is a DOM; the app sets no other.
  if (!cache) throw new Error('useRowStylesClass needs the emotion cache of a DOM');
  const rules = serialized(system, styles);
  const className = `${cache.key}-${rules.name}`;
  useInsertionEffect(() => {
    if (cache.inserted[rules.name] !== undefined) return;
    // As emotion's insertStyles, less the registration: the rules, then any keyframes they name (`next`).
    let current: SerializedStyles | undefined = rules;
    do {
      cache.insert(current === rules ? `.${className}` : '', current, cache.sheet, true);
      current = current.next;
    } while (current !== undefined);
  }, [cache, rules, className]);
  return className;
}
