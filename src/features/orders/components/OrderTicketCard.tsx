import { LuArrowLeftRight } from 'react-icons/lu';
import { SectionCard } from '../../../components/page/SectionCard';
import { OrderTicketForm } from './OrderTicketForm';

/** The order ticket of one symbol (Stock details). */
export function OrderTicketCard({ symbol }: { symbol: string }) {
  return (
    <SectionCard title={`Trade ${symbol}`} icon={LuArrowLeftRight}>
      <OrderTicketForm key={symbol} initialSymbol={symbol} />
    </SectionCard>
  );
}
