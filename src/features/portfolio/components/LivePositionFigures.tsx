import { memo } from 'react';
import type { PositionFieldsFragment } from '../../../graphql/generated/graphql';
import { changeColor, formatSignedPercent, formatSignedUsd, formatUsd } from '../../market/formatMarket';
import { useLivePosition } from '../useLivePosition';
import { signClass } from '../../../theme/rowStyles';
import { POSITION_ROW } from './positionRowStyles';

type Position = PositionFieldsFragment;

/** The position's live price (re-renders alone when its symbol ticks). */
export const LivePositionPrice = memo(function LivePositionPrice({ position }: { position: Position }) {
  return formatUsd(useLivePosition(position).currentPrice);
});

/** The position's live market value. */
export const LivePositionValue = memo(function LivePositionValue({ position }: { position: Position }) {
  return formatUsd(useLivePosition(position).marketValue);
});

/** The position's live unrealized P&L, "+$12.30 (+1.20%)", green or red (a part of a positions row). */
export const LivePositionPnL = memo(function LivePositionPnL({ position }: { position: Position }) {
  const live = useLivePosition(position);
  return (
    <span className={`${POSITION_ROW.text} ${signClass(changeColor(live.unrealizedPnL))}`}>
      {`${formatSignedUsd(live.unrealizedPnL)} (${formatSignedPercent(live.unrealizedPnLPercent)})`}
    </span>
  );
});
