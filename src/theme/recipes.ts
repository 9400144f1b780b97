import {
  alertSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  codeRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  numberInputSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  segmentGroupSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  statusSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { LOADING_MOTION_DELAY } from './loadingMotion';

/** A skeleton recipe whose pulse starts only after LOADING_MOTION_DELAY (a still block until then). */
function withStillStart<T extends { variants?: { variant?: { pulse?: object } } }>(recipe: T): T {
  const variants = recipe.variants ?? {};
  const variant = variants.variant ?? {};
  const pulse = { ...variant.pulse, animationDelay: LOADING_MOTION_DELAY };
  // The same recipe with one more style in one variant: its type is unchanged.
  return { ...recipe, variants: { ...variants, variant: { ...variant, pulse } } } as T;
}

/**
 * Chakra's default recipes for the components this app uses, and no others (the full set is about a third of
 * Chakra's weight in the first download). A component whose recipe is missing renders unstyled without an
 * error: tests/lint/chakraRecipes.test.ts fails when a component the app imports looks up a recipe not listed
 * here, or when one listed here is no longer used.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  code: codeRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: withStillStart(skeletonRecipe),
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const slotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  numberInput: numberInputSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  stat: statSlotRecipe,
  status: statusSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
};
