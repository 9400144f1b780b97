import { Grid, GridItem } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ComponentErrorBoundary } from '../../../components/errors/boundaries';

interface FormBesideResultProps {
  form: ReactNode;
  /** The error boundary's name of the result side ("Backtest results"). */
  resultName: string;
  children: ReactNode;
}

/** A run's settings in a 20rem column beside its result (stacked on narrow screens). */
export function FormBesideResult({ form, resultName, children }: FormBesideResultProps) {
  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '20rem minmax(0, 1fr)' }} gap="5" alignItems="start">
      <GridItem minW="0">{form}</GridItem>
      <GridItem minW="0">
        <ComponentErrorBoundary name={resultName}>{children}</ComponentErrorBoundary>
      </GridItem>
    </Grid>
  );
}
