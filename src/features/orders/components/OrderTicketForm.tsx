import {
  Alert,
  chakra,
  Box,
  Button,
  Field,
  Group,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LuWifiOff } from 'react-icons/lu';
import {
  ORDER_TYPES,
  TIME_IN_FORCE,
  type OrderSide,
  type OrderType,
  type TimeInForce,
} from '../../../domain/trading/orderTypes';
import {
  checkTicket,
  needsLimitPrice,
  needsStopPrice,
  parsePositive,
  type TicketDraft,
  type TicketField,
} from '../../../domain/trading/ticket';
import { toast } from '../../../components/toast/toaster';
import { formatUsd } from '../../market/formatMarket';
import { marketDataQuery } from '../../market/queries';
import { useLiveQuoteWhen } from '../../market/useLiveQuote';
import { SymbolInput } from '../../market/SymbolInput';
import { portfolioQuery } from '../../portfolio/queries';
import { tradingModeQuery, tradingStatusQuery } from '../../trading/queries';
import { usePlaceOrder } from '../mutations';
import { orderFailureText } from '../orderFailure';
import { OFFLINE_ORDER_REASON, useOnline } from '../useOnline';
import { ORDER_TYPE_LABELS, TIME_IN_FORCE_LABELS } from './orderLabels';

/** The price fields and the order types that need them. */
const PRICE_FIELDS = [
  { key: 'limitPrice', label: 'Limit price', needed: needsLimitPrice },
  { key: 'stopPrice', label: 'Stop price', needed: needsStopPrice },
] as const;

interface OrderTicketFormProps {
  /** The symbol traded; editable when `symbolEditable`. */
  initialSymbol: string;
  symbolEditable?: boolean;
}

/** Buy/sell ticket: side, type, quantity, limit/stop prices, time in force, estimated cost and its checks. */
export function OrderTicketForm({ initialSymbol, symbolEditable = false }: OrderTicketFormProps) {
  const [draft, setDraft] = useState<TicketDraft>({
    symbol: initialSymbol,
    side: 'BUY',
    type: 'MARKET',
    quantity: '',
    limitPrice: '',
    stopPrice: '',
    timeInForce: 'DAY',
  });
  const [attempted, setAttempted] = useState(false);
  const online = useOnline();
  const symbol = draft.symbol.trim().toUpperCase();
  // The query fetches the quote into the store. A tick re-renders the form (in a transition) only when what it
  // shows moves: the symbol's name, and the price once a market order has a quantity (cost and checks use it).
  useQuery({ ...marketDataQuery(symbol), enabled: symbol !== '', notifyOnChangeProps: [] });
  const pricedByQuote = draft.type === 'MARKET' && draft.quantity.trim() !== '';
  const quote = useLiveQuoteWhen(symbol, (latest) =>
    latest === null ? null : `${latest.name} ${pricedByQuote ? (draft.side === 'BUY' ? latest.ask : latest.bid) : ''}`,
  );
  const portfolio = useQuery(portfolioQuery()).data?.portfolio ?? null;
  const status = useQuery(tradingStatusQuery()).data?.tradingStatus ?? null;
  const maxPositionSize = useQuery(tradingModeQuery()).data?.tradingMode.preferences.maxPositionSize ?? null;
  const placeOrder = usePlaceOrder();

  const held = portfolio?.positions.find((position) => position.symbol === symbol)?.quantity ?? 0;
  const currentPrice = quote ? (draft.side === 'BUY' ? quote.ask : quote.bid) : null;
  const check = checkTicket(draft, {
    currentPrice,
    buyingPower: portfolio?.buyingPower ?? null,
    heldQuantity: held,
    maxPositionSize,
  });
  const shown = (field: TicketField, value: string) => (attempted || value !== '' ? check.errors[field] : undefined);
  const blockedReason = !online
    ? OFFLINE_ORDER_REASON
    : status?.emergencyStop
      ? 'Emergency stop is on: no orders are sent.'
      : status && !status.tradingEnabled
        ? 'Trading is disabled for this account.'
        : null;

  const update = <K extends keyof TicketDraft>(key: K, value: TicketDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!check.order || blockedReason) return;
    const { order } = check;
    placeOrder.mutate(
      { ...order, clientOrderId: crypto.randomUUID() },
      {
        onSuccess: ({ placeOrder: placed }) => {
          setAttempted(false);
          setDraft((current) => ({ ...current, quantity: '' }));
          if (placed.status === 'OPEN' || placed.status === 'PARTIALLY_FILLED') {
            toast({
              title: 'Order placed',
              description: `${placed.side === 'BUY' ? 'Buy' : 'Sell'} ${placed.quantity} ${placed.symbol} ${ORDER_TYPE_LABELS[placed.type].toLowerCase()} order is open.`,
            });
          }
        },
        onError: (error) =>
          toast({ title: 'Order failed', description: orderFailureText(error), variant: 'destructive' }),
      },
    );
  };

  const sideButton = (side: OrderSide, label: string, palette: string) => (
    <Button
      flex="1"
      variant={draft.side === side ? 'solid' : 'outline'}
      colorPalette={draft.side === side ? palette : 'gray'}
      aria-pressed={draft.side === side}
      onClick={() => update('side', side)}
    >
      {label}
    </Button>
  );

  const typedQuantity = parsePositive(draft.quantity);
  const quantityText = typedQuantity !== null && !check.errors.quantity ? `${typedQuantity} ${symbol}` : symbol;
  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="4"
      onSubmit={submit}
      noValidate
      aria-label={`Order ticket ${symbol}`}
    >
      <Group attached w="full" role="group" aria-label="Side">
        {sideButton('BUY', 'Buy', 'green')}
        {sideButton('SELL', 'Sell', 'red')}
      </Group>
      {symbolEditable ? (
        <Field.Root required invalid={Boolean(shown('account', draft.symbol) && symbol === '')}>
          <Field.Label>Symbol</Field.Label>
          <SymbolInput value={draft.symbol} onChange={(value) => update('symbol', value)} />
          {quote ? <Field.HelperText>{quote.name}</Field.HelperText> : null}
        </Field.Root>
      ) : null}
      <SimpleGrid columns={2} gap="3">
        <Field.Root>
          <Field.Label>Order type</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={draft.type}
              onChange={(event) => update('type', event.currentTarget.value as OrderType)}
            >
              {ORDER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ORDER_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root required invalid={Boolean(shown('quantity', draft.quantity))}>
          <Field.Label>Quantity</Field.Label>
          <Input
            inputMode="numeric"
            value={draft.quantity}
            onChange={(event) => update('quantity', event.target.value)}
            placeholder="Shares"
          />
          <Field.ErrorText>{shown('quantity', draft.quantity)}</Field.ErrorText>
        </Field.Root>
        {PRICE_FIELDS.filter(({ needed }) => needed(draft.type)).map(({ key, label }) => (
          <Field.Root key={key} required invalid={Boolean(shown(key, draft[key]))}>
            <Field.Label>{label}</Field.Label>
            <Input
              inputMode="decimal"
              value={draft[key]}
              onChange={(event) => update(key, event.target.value)}
              placeholder="$"
            />
            <Field.ErrorText>{shown(key, draft[key])}</Field.ErrorText>
          </Field.Root>
        ))}
        <Field.Root gridColumn="1 / -1">
          <Field.Label>Time in force</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={draft.timeInForce}
              onChange={(event) => update('timeInForce', event.currentTarget.value as TimeInForce)}
            >
              {TIME_IN_FORCE.map((timeInForce) => (
                <option key={timeInForce} value={timeInForce}>
                  {TIME_IN_FORCE_LABELS[timeInForce]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <Box borderWidth="1px" borderRadius="lg" p="3" bg="bg.subtle">
        <HStack justify="space-between" textStyle="sm">
          <Text color="fg.muted">{draft.side === 'BUY' ? 'Estimated cost' : 'Estimated proceeds'}</Text>
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="estimated-cost">
            {formatUsd(check.estimatedCost)}
          </Text>
        </HStack>
        <HStack justify="space-between" textStyle="xs" color="fg.muted">
          <Text>{draft.side === 'BUY' ? 'Buying power' : 'Shares held'}</Text>
          <Text fontVariantNumeric="tabular-nums">
            {draft.side === 'BUY' ? formatUsd(portfolio?.buyingPower) : held}
          </Text>
        </HStack>
      </Box>
      {shown('account', draft.quantity) ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{check.errors.account}</Alert.Title>
        </Alert.Root>
      ) : null}
      {blockedReason ? (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator>{online ? undefined : <LuWifiOff />}</Alert.Indicator>
          <Alert.Title>{blockedReason}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Button
        type="submit"
        colorPalette={draft.side === 'BUY' ? 'green' : 'red'}
        disabled={blockedReason !== null}
        loading={placeOrder.isPending}
        loadingText="Sending"
      >
        {draft.side === 'BUY' ? 'Buy' : 'Sell'} {quantityText}
      </Button>
    </chakra.form>
  );
}
