import { useQuery } from '@tanstack/react-query';
import { LuGauge } from 'react-icons/lu';
import { QueryContent } from '../../components/page/QueryContent';
import { SectionCard } from '../../components/page/SectionCard';
import { toast } from '../../components/toast/toaster';
import type { TradingParametersInput } from '../../domain/trading/parameters';
import { errorText } from '../../graphql/errors';
import { TradingParametersForm } from '../onboarding/components/TradingParametersForm';
import { refusedField, useUpdateTradingParameters } from './mutations';
import { tradingParametersQuery } from './queries';

/**
 * The trading parameters in Settings: the wizard's form, saved with updateTradingParameters ('Preferences Updated'
 * / 'Update Failed'; a refused field's message also at the field).
 */
export function TradingParametersSection() {
  const query = useQuery(tradingParametersQuery());
  const mutation = useUpdateTradingParameters();
  const save = async (input: TradingParametersInput) => {
    try {
      await mutation.mutateAsync(input);
      toast({ title: 'Preferences Updated', description: 'Your trading parameters have been saved.' });
      return {};
    } catch (error) {
      const message = errorText(error);
      toast({ title: 'Update Failed', description: message, variant: 'destructive' });
      const field = refusedField(error);
      return field ? { [field]: message } : {};
    }
  };
  return (
    <SectionCard
      title="Trading parameters"
      icon={LuGauge}
      description="The limits every order must respect, in paper and live trading and for your strategies."
    >
      <QueryContent query={query} what="Your trading parameters" skeletonLines={8}>
        {({ tradingParameters: { tradingMode, ...parameters } }) => (
          <TradingParametersForm
            key={`${tradingMode}:${JSON.stringify(parameters)}`}
            parameters={parameters}
            submitLabel="Save parameters"
            submitting={mutation.isPending}
            onSave={save}
            requireChange
          />
        )}
      </QueryContent>
    </SectionCard>
  );
}
