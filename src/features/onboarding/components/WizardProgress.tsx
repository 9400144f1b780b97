import { Box, Circle, Flex, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';
import { progressPercent, STEP_TITLES, stepLook, type StepLook, type WizardState } from '../wizard';

const CIRCLE: Record<StepLook, { bg: string; color: string }> = {
  current: { bg: 'brand.solid', color: 'brand.contrast' },
  done: { bg: 'green.solid', color: 'green.contrast' },
  upcoming: { bg: 'bg.muted', color: 'fg.muted' },
};
const TITLE_COLOR: Record<StepLook, string> = { current: 'fg', done: 'fg.success', upcoming: 'fg.muted' };

/** The progress bar and the step titles: the current one highlighted, completed ones green with a check. */
export function WizardProgress({ state }: { state: WizardState }) {
  const percent = progressPercent(state);
  return (
    <Stack gap="4">
      <Progress.Root value={percent} size="sm" colorPalette="brand" aria-label="Setup progress">
        <HStack justify="space-between" mb="1.5">
          <Progress.Label textStyle="sm" color="fg.muted">
            Step {state.step + 1} of {STEP_TITLES.length}
          </Progress.Label>
          <Progress.ValueText textStyle="sm" color="fg.muted" />
        </HStack>
        <Progress.Track borderRadius="full">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Flex as="ol" gap={{ base: '2', sm: '4' }} listStyle="none" m="0" p="0">
        {STEP_TITLES.map((title, index) => {
          const look = stepLook(state, index);
          return (
            <Box
              as="li"
              key={title}
              flex="1"
              minW="0"
              aria-current={look === 'current' ? 'step' : undefined}
              data-state={look}
            >
              <Stack gap="1.5" align={{ base: 'center', sm: 'flex-start' }} direction={{ base: 'column', sm: 'row' }}>
                <Circle size="7" flexShrink="0" bg={CIRCLE[look].bg} color={CIRCLE[look].color} textStyle="sm">
                  {look === 'done' ? <LuCheck aria-label="Done" /> : index + 1}
                </Circle>
                <Text
                  textStyle={{ base: 'xs', sm: 'sm' }}
                  textAlign={{ base: 'center', sm: 'start' }}
                  fontWeight={look === 'current' ? 'semibold' : 'medium'}
                  color={TITLE_COLOR[look]}
                  lineHeight="short"
                  pt={{ sm: '1' }}
                >
                  {title}
                </Text>
              </Stack>
            </Box>
          );
        })}
      </Flex>
    </Stack>
  );
}
