import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';

/** A symbol that opens its Stock details page. */
export function StockLink({ symbol }: { symbol: string }) {
  return (
    <Link asChild fontWeight="semibold" colorPalette="brand" color="colorPalette.fg">
      <RouterLink to="/stocks/$symbol" params={{ symbol }}>
        {symbol}
      </RouterLink>
    </Link>
  );
}
